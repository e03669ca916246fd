import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { ERROR_CODES, NavworldError } from '@navworld/core-types';
import { warmScoringThreads } from '../environment/environment';
import { SERVER_CONFIG, TOKEN_ENV } from './config';
import { createServer, type NavworldServer, type ServerOptions } from './app';

/** Highest TCP port. */
export const MAX_PORT = 65_535;

/** Most episodes a server may be told to hold at once (`--max-episodes`). */
export const MAX_OPEN_EPISODES = 1_000_000;

/** Options of {@link startServer}. */
export interface StartServerOptions extends ServerOptions {
  /** Address to bind. @default '127.0.0.1' */
  host?: string;
  /** Port to bind; 0 picks a free one. @default 8080 */
  port?: number;
  /**
   * Bind a non-loopback address without a bearer token. Off by default: an open environment server on a
   * public interface lets anyone spend its resources.
   */
  allowPublic?: boolean;
}

/** A server bound to a socket. */
export interface RunningServer {
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string;
  /** Bound address. */
  readonly host: string;
  /** Bound port. */
  readonly port: number;
  /** The application (environment, metrics, in-flight count). */
  readonly server: NavworldServer;
  /**
   * Graceful stop: new requests answer 503, in-flight requests (including steps) finish and are answered,
   * then the socket closes.
   */
  close(): Promise<void>;
}

/** Whether a bind address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/**
 * Creates the HTTP application and binds it. Without a bearer token only loopback addresses may be bound
 * unless `allowPublic` is set (CONFIG_ERROR otherwise).
 *
 * @example
 * const running = await startServer({ port: 0 });
 * const reset = await fetch(`${running.url}/v1/reset`, { method: 'POST', body: '{"task_id":131}' });
 * await running.close();
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? SERVER_CONFIG.host;
  const port = options.port ?? SERVER_CONFIG.port;
  if (!Number.isInteger(port) || port < 0 || port > MAX_PORT) {
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `port must be a whole number from 0 to ${MAX_PORT}, got ${String(port)}`,
      { hint: '0 picks a free port; the default is 8080.' },
    );
  }
  const env = options.env ?? process.env;
  const token = options.token ?? env[TOKEN_ENV];
  if (
    !isLoopbackHost(host) &&
    (token === undefined || token === '') &&
    options.allowPublic !== true
  ) {
    throw new NavworldError(
      ERROR_CODES.CONFIG_ERROR,
      `refusing to bind ${host} without a bearer token`,
      { hint: `Set ${TOKEN_ENV}, bind 127.0.0.1, or pass --allow-public deliberately.` },
    );
  }
  const app = createServer(options);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve(
      { fetch: (request, bindings) => app.fetch(request, bindings), hostname: host, port },
      () => resolve(s),
    ) as Server;
    s.once('error', (error) => {
      reject(
        new NavworldError(ERROR_CODES.CONFIG_ERROR, `cannot listen on ${host}:${port}`, {
          cause: error,
          hint: 'Choose another --port, or stop the process using it.',
        }),
      );
    });
  });
  // Generous keep-alive so load generators and trainers reuse connections.
  server.keepAliveTimeout = 65_000;
  // A server is started to be used: load the scoring threads now rather than on the first answers.
  warmScoringThreads(app.environment);
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${shownHost}:${address.port}`,
    host: address.address,
    port: address.port,
    server: app,
    close() {
      closing ??= (async () => {
        // Keep listening while draining so late clients get a clear 503 instead of a refused connection.
        await app.shutdown();
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        const timer = setTimeout(() => server.closeAllConnections(), 2000);
        timer.unref();
        await stopped;
        clearTimeout(timer);
      })();
      return closing;
    },
  };
}
