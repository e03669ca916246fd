import { createServer as createNodeServer, type Server } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NavworldError } from '@navworld/core-types';
import {
  createEnvironment,
  createServerClient,
  playReferenceEpisode,
  runReferenceAgent,
  startServer,
  type RunningServer,
  type ServerClient,
} from '../src/index';
import { FIXED_NOW, GENERIC_PLAN } from './helpers/episode';

const OPTIONS = { salt: 'server-client', now: FIXED_NOW, env: {} };
const TOKEN = 'client-test-token-5f2c9a';

/** The error a promise rejects with, checked to be a NavworldError. */
async function failure(promise: Promise<unknown>): Promise<NavworldError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(NavworldError.isInstance(error), String(error)).toBe(true);
  return error as NavworldError;
}

/** Everything an error shows: message, hint, details and stack. */
function shown(error: NavworldError): string {
  return `${JSON.stringify(error.toJSON())}\n${error.stack ?? ''}`;
}

/** Starts a plain node:http server on loopback → its URL. */
async function listen(server: Server | ReturnType<typeof createNetServer>): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

function close(server: Server | ReturnType<typeof createNetServer>): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe('createServerClient against a live server', () => {
  let running: RunningServer;
  let client: ServerClient;

  beforeAll(async () => {
    running = await startServer({ port: 0, log: false, environmentOptions: OPTIONS });
    client = createServerClient({ baseUrl: `${running.url}/` });
  });
  afterAll(async () => {
    await running.close();
  });

  it('plays reset → tool step → final answer with the in-process results', async () => {
    const env = createEnvironment(OPTIONS);
    const local = env.reset({ taskId: 131 });
    const remote = await client.reset({ taskId: 131 });
    expect(client.baseUrl).toBe(running.url);
    expect(remote.problem).toEqual(local.problem);
    expect(remote.messages).toEqual(local.messages);
    expect(remote.tools).toEqual(local.tools);
    expect(remote.epoch).toEqual(local.epoch);
    expect(remote.observation).toBe(local.observation);

    const city = local.problem.destinationCity;
    const toolCalls = [
      {
        id: 'c1',
        type: 'function' as const,
        function: { name: 'weather', arguments: JSON.stringify({ city }) },
      },
    ];
    const localStep = await env.step({ episodeId: local.episodeId, toolCalls });
    const remoteStep = await client.step({ episodeId: remote.episodeId, toolCalls });
    expect(remoteStep).toEqual({ ...localStep, episodeId: remote.episodeId });

    const content = `${city}${GENERIC_PLAN}`;
    const localFinal = await env.step({ episodeId: local.episodeId, content });
    const remoteFinal = await client.step({ episodeId: remote.episodeId, content });
    expect(remoteFinal.done).toBe(true);
    expect(remoteFinal.reward).toBe(localFinal.reward);
    expect(remoteFinal.info?.['total']).toBe(localFinal.info?.['total']);
    // The server adds score (= total) for OpenEnv-style clients; the rest is the same safe result.
    expect(remoteFinal.info).toEqual({ ...localFinal.info, score: localFinal.info?.['total'] });
    await env.close();
  });

  it('reads a task, the tools and the health', async () => {
    const env = createEnvironment(OPTIONS);
    expect(await client.task(131)).toEqual(env.reset({ taskId: 131 }).problem);
    expect(await client.tools()).toEqual(env.tools);
    const health = await client.health();
    expect(health).toMatchObject({ status: 'ok', versions: env.versions });
    expect(health.episodesHeld).toBeGreaterThanOrEqual(health.episodesOpen);
    await env.close();
  });

  it('plays the reference agent with the scores of runReferenceAgent in process', async () => {
    for (const taskId of [7, 131, 402]) {
      const expected = await runReferenceAgent(createEnvironment(OPTIONS), taskId);
      const played = await playReferenceEpisode(client, await client.reset({ taskId }));
      expect(played.answer).toBe(expected.answer);
      expect(played.final.info?.['total']).toBe(expected.total);
      expect(played.toolCalls).toBe(expected.trace.length);
    }
  });

  it('turns error answers into NavworldErrors with the server code, hint and status', async () => {
    const missing = await failure(client.step({ episodeId: 'no-such-episode', content: 'x' }));
    expect(missing.code).toBe('EPISODE_NOT_FOUND');
    expect(missing.details).toMatchObject({ status: 404, method: 'POST', path: '/v1/step' });
    expect(typeof missing.details?.['requestId']).toBe('string');

    const { episodeId } = await client.reset({ taskId: 5 });
    await client.step({ episodeId, content: GENERIC_PLAN });
    const done = await failure(client.step({ episodeId, content: 'again' }));
    expect(done.code).toBe('EPISODE_DONE');
    expect(done.details?.['status']).toBe(409);

    const invalid = await failure(client.reset({ taskId: -1 }));
    expect(invalid.code).toBe('VALIDATION_FAILED');
    expect(invalid.message).toContain('task_id');
    expect(invalid.hint).toBe('See GET /v1/openapi.json for the request schemas.');
    expect(invalid.details?.['status']).toBe(400);

    const badTask = await failure(client.task(1.5));
    expect([badTask.code, badTask.details?.['status']]).toEqual(['INVALID_TASK_ID', 400]);
  });
});

describe('createServerClient with limits, a token and a draining server', () => {
  it('surfaces 413, 429 and 503 with the server codes', async () => {
    const running = await startServer({
      port: 0,
      log: false,
      environmentOptions: OPTIONS,
      maxOpenEpisodes: 1,
      maxBodyBytes: 4096,
    });
    try {
      const client = createServerClient({ baseUrl: running.url });
      const { episodeId } = await client.reset({ taskId: 1 });
      const full = await failure(client.reset({ taskId: 2 }));
      expect([full.code, full.details?.['status']]).toEqual(['EPISODE_LIMIT', 429]);
      // The server's Retry-After reaches the caller (within the default 30-minute idle timeout).
      expect(full.details?.['retryAfterSeconds']).toEqual(expect.any(Number));
      expect(full.details?.['retryAfterSeconds']).toBeGreaterThanOrEqual(1);
      expect(full.details?.['retryAfterSeconds']).toBeLessThanOrEqual(1800);
      const large = await failure(client.step({ episodeId, content: 'a'.repeat(5000) }));
      expect([large.code, large.details?.['status']]).toEqual(['PAYLOAD_TOO_LARGE', 413]);
      void running.server.shutdown();
      // Health reports the state; every other route refuses.
      expect((await client.health()).status).toBe('shutting_down');
      const draining = await failure(client.tools());
      expect([draining.code, draining.details?.['status']]).toEqual(['SHUTTING_DOWN', 503]);
    } finally {
      await running.close();
    }
  });

  it('sends the token, and never shows it in an error', async () => {
    const running = await startServer({
      port: 0,
      log: false,
      environmentOptions: OPTIONS,
      token: TOKEN,
    });
    try {
      const good = createServerClient({ baseUrl: running.url, token: TOKEN });
      const { episodeId } = await good.reset({ taskId: 9 });
      expect(episodeId).toMatch(/^[0-9a-f]{32}$/);
      const wrongToken = `${TOKEN}-wrong`;
      const wrong = createServerClient({ baseUrl: running.url, token: wrongToken });
      const unauthorized = await failure(wrong.reset({ taskId: 9 }));
      expect(unauthorized.code).toBe('UNAUTHORIZED');
      expect(unauthorized.details?.['status']).toBe(401);
      // The server's words arrive as sent: only the token itself is ever masked.
      expect(unauthorized.message).toBe('missing or invalid bearer token');
      expect(unauthorized.hint).toBe('Send Authorization: Bearer <NAVWORLD_SERVER_TOKEN>.');
      const anonymous = await failure(createServerClient({ baseUrl: running.url }).tools());
      expect(anonymous.code).toBe('UNAUTHORIZED');
      expect(anonymous.message).toBe('missing or invalid bearer token');
      // /healthz needs no token.
      expect((await wrong.health()).status).toBe('ok');

      const errors = [
        unauthorized,
        await failure(good.step({ episodeId: 'missing', content: 'x' })),
        await failure(good.reset({ taskId: -1 })),
      ];
      for (const error of errors) {
        expect(shown(error)).not.toContain(TOKEN);
        expect(shown(error)).not.toContain(wrongToken);
      }
      // The client object itself does not carry the token either.
      expect(JSON.stringify(good)).not.toContain(TOKEN);
    } finally {
      await running.close();
    }
  });
});

describe('createServerClient transport failures', () => {
  it('reports a closed port as PROVIDER_ERROR with a hint, without the token', async () => {
    const probe = createNetServer();
    const url = await listen(probe);
    await close(probe); // nothing listens there any more
    const error = await failure(createServerClient({ baseUrl: url, token: TOKEN }).health());
    expect(error.code).toBe('PROVIDER_ERROR');
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.hint).toContain('navworld serve');
    expect(shown(error)).not.toContain(TOKEN);
  });

  it('reports a server that does not answer in time as PROVIDER_TIMEOUT', async () => {
    const sockets = new Set<Socket>();
    const silent = createNetServer((socket) => sockets.add(socket)); // accepts, never answers
    const url = await listen(silent);
    try {
      const client = createServerClient({ baseUrl: url, token: TOKEN, timeoutMs: 150 });
      const error = await failure(client.reset({ taskId: 1 }));
      expect(error.code).toBe('PROVIDER_TIMEOUT');
      expect(error.message).toContain('150 ms');
      expect(error.hint).toContain('timeoutMs');
      expect(shown(error)).not.toContain(TOKEN);
    } finally {
      for (const socket of sockets) socket.destroy();
      await close(silent);
    }
  });

  it('reports answers that are not NAVWORLD JSON as PROVIDER_ERROR with the status', async () => {
    const other = createNodeServer((request, response) => {
      if (request.url === '/healthz') {
        response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
      } else if (request.url === '/v1/tools') {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"boom"}');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"tools":"none"}');
      }
    });
    const url = await listen(other);
    try {
      // Through an injected fetch (a real one, delegating to the global fetch).
      let calls = 0;
      const client = createServerClient({
        baseUrl: url,
        fetch: (input, init) => {
          calls += 1;
          return fetch(input, init);
        },
      });
      const html = await failure(client.health());
      expect([html.code, html.details?.['status']]).toEqual(['PROVIDER_ERROR', 502]);
      expect(html.message).toContain('not JSON');
      const foreign = await failure(client.tools());
      expect([foreign.code, foreign.details?.['status']]).toEqual(['PROVIDER_ERROR', 500]);
      const malformed = await failure(client.task(3));
      expect(malformed.code).toBe('PROVIDER_ERROR');
      expect(malformed.message).toContain('unexpected answer');
      expect(calls).toBe(3);
    } finally {
      await close(other);
    }
  });
});

describe('createServerClient health', () => {
  it('reads a 503 health body as shutting_down, and any other 503 as an error', async () => {
    let answer = '';
    const other = createNodeServer((_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json' }).end(answer);
    });
    const url = await listen(other);
    try {
      const client = createServerClient({ baseUrl: url });
      answer = JSON.stringify({
        status: 'shutting_down',
        episodes_open: 2,
        episodes_held: 3,
        versions: { navworld: 'x' },
      });
      expect(await client.health()).toEqual({
        status: 'shutting_down',
        episodesOpen: 2,
        episodesHeld: 3,
        versions: { navworld: 'x' },
      });
      // An older server's refusal, and a body that is neither.
      answer = JSON.stringify({ error: { code: 'SHUTTING_DOWN', message: 'stopping' } });
      const refused = await failure(client.health());
      expect([refused.code, refused.details?.['status']]).toEqual(['SHUTTING_DOWN', 503]);
      answer = JSON.stringify({ status: 'busy' });
      const foreign = await failure(client.health());
      expect([foreign.code, foreign.details?.['status']]).toEqual(['PROVIDER_ERROR', 503]);
      // Only health reads a 503 body as an answer.
      answer = JSON.stringify({ tools: [] });
      expect((await failure(client.tools())).code).toBe('PROVIDER_ERROR');
    } finally {
      await close(other);
    }
  });
});

describe('createServerClient error texts', () => {
  it('masks the token where an answer quotes it, and leaves every other word readable', async () => {
    // A server (or a proxy in front of it) that quotes the credential it refused.
    const echo = createNodeServer((request, response) => {
      const sent = String(request.headers.authorization ?? '');
      response.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            code: 'UNAUTHORIZED',
            message: `bearer token refused: ${sent}`,
            hint: `Token ${sent.slice(7)} is unknown; send another bearer token.`,
          },
        }),
      );
    });
    const url = await listen(echo);
    try {
      const error = await failure(createServerClient({ baseUrl: url, token: TOKEN }).tools());
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.message).toBe('bearer token refused: Bearer [REDACTED]');
      expect(error.hint).toBe('Token [REDACTED] is unknown; send another bearer token.');
      expect(shown(error)).not.toContain(TOKEN);
    } finally {
      await close(echo);
    }
  });
});

describe('createServerClient options', () => {
  it.each([
    ['a relative URL', { baseUrl: '/v1' }, 'baseUrl'],
    ['another scheme', { baseUrl: 'ftp://127.0.0.1:8080' }, 'baseUrl'],
    ['credentials in the URL', { baseUrl: 'http://user:pass@127.0.0.1:8080' }, 'baseUrl'],
    ['a query', { baseUrl: 'http://127.0.0.1:8080?x=1' }, 'baseUrl'],
    ['a token with spaces', { baseUrl: 'http://127.0.0.1', token: `${TOKEN} x` }, 'token'],
    ['an empty token', { baseUrl: 'http://127.0.0.1', token: '' }, 'token'],
    // Too short to be masked in error texts without garbling them.
    ['a token of 3 characters', { baseUrl: 'http://127.0.0.1', token: 'q7z' }, 'token'],
    ['a negative timeout', { baseUrl: 'http://127.0.0.1', timeoutMs: -1 }, 'timeoutMs'],
    ['a fetch that is not a function', { baseUrl: 'http://127.0.0.1', fetch: 'x' }, 'fetch'],
    ['an unknown option', { baseUrl: 'http://127.0.0.1', retries: 3 }, 'retries'],
  ])('refuses %s with INVALID_ARGUMENT', (_, options, field) => {
    let thrown: unknown;
    try {
      createServerClient(options as never);
    } catch (error) {
      thrown = error;
    }
    expect(NavworldError.isInstance(thrown)).toBe(true);
    const error = thrown as NavworldError;
    expect(error.code).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain(field);
    expect(error.hint).toContain('baseUrl');
    expect(shown(error)).not.toContain(TOKEN);
  });

  it('keeps a base URL path prefix, sends the token and JSON bodies, and reuses one connection', async () => {
    const seen: Array<{ method: string; url: string; auth: string; body: string }> = [];
    let connections = 0;
    const health = { status: 'ok', episodes_open: 0, episodes_held: 0, versions: {} };
    const other = createNodeServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          auth: request.headers.authorization ?? '',
          body,
        });
        if (request.url === '/navworld/healthz') {
          response
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify(health));
        } else {
          response
            .writeHead(404, { 'content-type': 'application/json' })
            .end(
              JSON.stringify({ error: { code: 'EPISODE_NOT_FOUND', message: 'unknown episode' } }),
            );
        }
      });
    });
    other.on('connection', () => (connections += 1));
    const url = await listen(other);
    try {
      const client = createServerClient({ baseUrl: `${url}/navworld/`, token: TOKEN });
      expect((await client.health()).status).toBe('ok');
      expect((await client.health()).episodesOpen).toBe(0);
      const missing = await failure(client.step({ episodeId: 'nope', content: 'plan' }));
      expect([missing.code, missing.details?.['status']]).toEqual(['EPISODE_NOT_FOUND', 404]);
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /navworld/healthz',
        'GET /navworld/healthz',
        'POST /navworld/v1/step',
      ]);
      expect(seen.every((r) => r.auth === `Bearer ${TOKEN}`)).toBe(true);
      expect(JSON.parse(seen[2]?.body ?? '')).toEqual({
        episode_id: 'nope',
        tool_calls: null,
        content: 'plan',
      });
      // Sequential requests go over one kept-alive connection.
      expect(connections).toBe(1);
    } finally {
      other.closeAllConnections();
      await close(other);
    }
  });

  it('reports a connection closed mid-answer as PROVIDER_ERROR at once, not at the deadline', async () => {
    const cut = createNodeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"status":');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const url = await listen(cut);
    try {
      // Waiting for this deadline would time the test out.
      const client = createServerClient({ baseUrl: url, timeoutMs: 600_000 });
      const error = await failure(client.health());
      expect(error.code).toBe('PROVIDER_ERROR');
      expect(error.message).toContain('GET ');
    } finally {
      cut.closeAllConnections();
      await close(cut);
    }
  });
});
