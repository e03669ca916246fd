import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  ERROR_CODES,
  MIN_SECRET_LENGTH,
  NavworldError,
  type EpisodeResult,
  type SafeResult,
} from '@navworld/core-types';
import { toSafeResult } from '@navworld/scorer';
import { generateProblem } from '@navworld/taskgen';
import {
  createEnvironment,
  internalsOf,
  type Environment,
  type EnvironmentOptions,
} from '../environment/environment';
import { runOpenAIAgent } from '../agent/openai-agent';
import { checkedEpoch } from '../environment/epoch';
import { VERSION } from '../version';
import { MAX_TIMER_MS, wholeNumberOption, type WholeNumberRange } from '../internal/options';
import { isBaseUrlAllowed, parseAllowList } from './allow-list';
import { ALLOWED_BASE_URLS_ENV, SERVER_CONFIG, TOKEN_ENV } from './config';
import { httpError, httpErrorOf, httpStatusOf, retryAfterOf } from './errors';
import {
  HttpEvaluateRequestSchema,
  type HttpHealthResponseSchema,
  HttpResetRequestSchema,
  HttpStepRequestSchema,
  parseBody,
  toHttpObservation,
} from './http-schemas';
import { createLogger, type LogLevel, type LogSink, type Logger } from './logger';
import { createServerMetrics, type ServerMetrics } from './metrics';
import { openApiDocument } from './openapi';

/**
 * The episode record as `/v1/evaluate` returns it outside debug mode: the breakdown (every component's exact
 * points) is withheld, and the safe result (total, bands, noisy components, hard-constraint flags) stands
 * in its place as `safe`, as in the final step's `info`.
 */
function withSafeScore(result: EpisodeResult): EpisodeResult & { safe: SafeResult | null } {
  return {
    ...result,
    breakdown: null,
    safe:
      result.breakdown === null
        ? null
        : toSafeResult(result.breakdown, { salt: result.epoch.salt, answer: result.answer }),
  };
}

/** What `/v1/evaluate` asks of a model runner (library spelling of the HTTP body). */
export interface EvaluateRequest {
  /** Task id. */
  taskId: number;
  /** Model name. */
  model: string;
  /** OpenAI-compatible base URL (already checked against the allow-list). */
  baseUrl: string;
  /** API key for the endpoint. */
  apiKey: string;
  /** Sampling temperature. */
  temperature?: number;
  /** Deadline of the episode in milliseconds. */
  timeoutMs: number;
  /** Largest completion per model call. */
  maxTokens?: number;
  /** Repeat index to record. */
  repeat?: number;
  /**
   * Aborted when the server begins to shut down (a `SHUTTING_DOWN` error as its reason) or when the client
   * closes its connection before the answer (`CLIENT_CLOSED`): a runner should then stop calling the model
   * and reject with that reason, so that no model is called for an answer nobody will read.
   */
  signal?: AbortSignal;
}

/** Runs one model episode in an environment and returns its record. */
export type EvaluateRunner = (env: Environment, request: EvaluateRequest) => Promise<EpisodeResult>;

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** The environment to serve; by default one is created from `environmentOptions` (and closed on shutdown). */
  environment?: Environment;
  /**
   * Options of the environment created when none is given. Unless they name a `logger`, the tools' warnings
   * go to the server's log (level `warn`, `msg: 'tool_warning'`).
   */
  environmentOptions?: EnvironmentOptions;
  /** Bearer token every request except `/healthz` must carry. @default env NAVWORLD_SERVER_TOKEN */
  token?: string;
  /** Base URLs `/v1/evaluate` may call. @default env NAVWORLD_ALLOWED_BASE_URLS (comma-separated); empty allows none */
  allowedBaseUrls?: string | readonly string[];
  /** Largest request body in bytes (a whole number, as every count and time here). @default 1048576 */
  maxBodyBytes?: number;
  /** Episodes held at once (created environment only); a reset beyond it answers 429. @default 10000 */
  maxOpenEpisodes?: number;
  /** Idle milliseconds after which an episode is dropped (created environment only). @default 1800000 */
  idleTimeoutMs?: number;
  /** Longest wait for in-flight requests on shutdown, in milliseconds (0: no wait). @default 30000 */
  shutdownGraceMs?: number;
  /** Model evaluations at once. @default 20 */
  maxConcurrentEvaluations?: number;
  /** Runs `/v1/evaluate` episodes. @default the OpenAI-compatible agent loop */
  evaluate?: EvaluateRunner;
  /** Where structured logs go; `false` silences them. @default JSON lines on stderr */
  log?: LogSink | false;
  /** Lowest log level. @default 'info' */
  logLevel?: LogLevel;
  /** Environment variables (token, allow-list, OPENAI_API_KEY). @default process.env */
  env?: Record<string, string | undefined>;
}

/** The counts and times of {@link ServerOptions}, each a whole number with its default in SERVER_CONFIG. */
type ServerSetting =
  | 'maxBodyBytes'
  | 'maxOpenEpisodes'
  | 'idleTimeoutMs'
  | 'shutdownGraceMs'
  | 'maxConcurrentEvaluations';

/** An HTTP application over one environment, not yet bound to a socket. */
export interface NavworldServer {
  /** The Hono application. */
  readonly app: Hono;
  /**
   * Handles one request (what a socket adapter calls). `bindings` are the adapter's per-request values: on
   * Node, `@hono/node-server`'s `{ incoming, outgoing }`, through which a body is read straight from the socket.
   */
  fetch(request: Request, bindings?: object): Response | Promise<Response>;
  /** The environment served. */
  readonly environment: Environment;
  /** The metrics registry. */
  readonly metrics: ServerMetrics;
  /** Requests being handled now. */
  readonly inFlight: number;
  /** Whether shutdown has begun. */
  readonly shuttingDown: boolean;
  /**
   * Stops accepting requests (new ones answer 503, `/healthz` with its body saying `shutting_down`), stops
   * the evaluations in flight (their requests answer
   * 503 at once), and resolves once every in-flight request has finished, or after the grace period. Closes
   * the environment if the server created it.
   */
  shutdown(): Promise<void>;
}

/** The status of a request whose client went away (nginx's "client closed request"). */
const CLIENT_CLOSED_STATUS = httpStatusOf(ERROR_CODES.CLIENT_CLOSED);

/**
 * A response header that tells `@hono/node-server` the answer needs no writing (its RESPONSE_ALREADY_SENT
 * carries it, with status 200; this one keeps the status for the log line and the metrics).
 */
const ALREADY_SENT_HEADER = 'x-hono-already-sent';

/** The largest task id (ids are 31-bit). */
const MAX_TASK_ID = 2 ** 31 - 1;

// `secrets`: secret values of this request (a client's api_key), masked in its own log lines only.
type AppEnv = { Variables: { requestId: string; secrets: string[] } };

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compares a presented bearer token with the expected one in constant time. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  if (header === undefined) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (match === null) return false;
  return timingSafeEqual(digest(match[1] ?? ''), expected);
}

/**
 * The server token as configured, refused (CONFIG_ERROR, the value never quoted) when no client could send it
 * (whitespace) or when it is too short to be masked in logs without garbling their words.
 */
function checkedToken(value: string): string {
  if (/\s/.test(value) || value.length < MIN_SECRET_LENGTH) {
    throw new NavworldError(
      ERROR_CODES.CONFIG_ERROR,
      `the server token must be at least ${MIN_SECRET_LENGTH} characters without spaces`,
      {
        hint: `Set ${TOKEN_ENV} (or token) to a long random value, e.g. from openssl rand -hex 32.`,
      },
    );
  }
  return value;
}

/** The route label of a path for metrics and logs (bounded set). */
function routeOf(path: string): string {
  if (/^\/v1\/tasks\/[^/]*$/.test(path)) return '/v1/tasks/:id';
  const known = [
    '/v1/reset',
    '/v1/step',
    '/v1/evaluate',
    '/v1/tools',
    '/v1/openapi.json',
    '/healthz',
    '/metrics',
  ];
  return known.includes(path) ? path : 'other';
}

function tooLarge(maxBytes: number): NavworldError {
  return new NavworldError(ERROR_CODES.PAYLOAD_TOO_LARGE, `request body over ${maxBytes} bytes`, {
    hint: 'Send smaller tool arguments or answers.',
  });
}

/** Collects a Node request body, refusing more than `maxBytes`. */
function readIncoming(incoming: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge(maxBytes));
        incoming.removeAllListeners('data');
        incoming.resume(); // drain the rest so the answer can still be sent on this connection
        return;
      }
      chunks.push(chunk);
    });
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

/**
 * Whether reading a body failed because its client went away: the request's signal is aborted once the
 * connection closes, and Node reports the cut body itself as ECONNRESET ("aborted").
 */
function clientLeft(c: Context<AppEnv>, error: unknown): boolean {
  return c.req.raw.signal.aborted || (error as { code?: unknown } | null)?.code === 'ECONNRESET';
}

/**
 * Reads the body as JSON with the size limit. On Node the body is read straight from the socket's
 * IncomingMessage (no web-stream conversion, which is a large share of a cheap step's cost). A client that
 * closes its connection before the body's end is `CLIENT_CLOSED`, not a server failure.
 */
async function readJson(c: Context<AppEnv>, maxBytes: number): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const fromSocket = incoming !== undefined && !incoming.readableEnded ? incoming : undefined;
  let text: string;
  try {
    text = fromSocket !== undefined ? await readIncoming(fromSocket, maxBytes) : await c.req.text();
  } catch (error) {
    if (NavworldError.isInstance(error) || !clientLeft(c, error)) throw error;
    throw httpError(
      ERROR_CODES.CLIENT_CLOSED,
      'the client closed its connection before the request body ended',
      'Send the whole body and keep the connection open until the answer arrives.',
    );
  }
  // readIncoming counts the bytes as they come; a body read whole is measured here.
  if (fromSocket === undefined && Buffer.byteLength(text, 'utf8') > maxBytes)
    throw tooLarge(maxBytes);
  if (text.trim() === '') {
    throw new NavworldError(ERROR_CODES.INVALID_JSON, 'request body is empty', {
      hint: 'Send a JSON object with Content-Type: application/json.',
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new NavworldError(ERROR_CODES.INVALID_JSON, 'request body is not valid JSON', {
      hint: 'Send a JSON object with Content-Type: application/json.',
    });
  }
}

/** Runs `/v1/evaluate` with the package's OpenAI-compatible agent loop. */
export const defaultEvaluateRunner: EvaluateRunner = (env, request) =>
  runOpenAIAgent(env, {
    model: request.model,
    baseUrl: request.baseUrl,
    apiKey: request.apiKey,
    taskId: request.taskId,
    timeoutMs: Math.round(request.timeoutMs),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.maxTokens === undefined ? {} : { maxTokens: request.maxTokens }),
    ...(request.repeat === undefined ? {} : { repeat: request.repeat }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });

function taskIdFromSeed(seed: number): number {
  // Same derivation as the OpenEnv-style reference: the low 31 bits of the seed.
  return Number(BigInt(seed) & 0x7fffffffn);
}

/** A counting semaphore: at most `limit` holders, the rest wait in call order. */
function createSemaphore(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Creates the HTTP application: reset / step / evaluate over one environment, task and tool lookup, health,
 * Prometheus metrics and the OpenAPI document. Every body is validated; every failure is answered as
 * `{ error: { code, message } }` with a matching status. Bind it with {@link startServer}.
 */
/** The hint of a 404: the route meant when the path only gained a trailing slash, else the route list. */
function routeHint(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed !== path && trimmed !== '' && routeOf(trimmed) !== 'other')
    return `Routes have no trailing slash: use ${trimmed}. See GET /v1/openapi.json.`;
  return 'See GET /v1/openapi.json.';
}

export function createServer(options: ServerOptions = {}): NavworldServer {
  const env = options.env ?? process.env;
  const tokenValue = options.token ?? env[TOKEN_ENV];
  const token =
    tokenValue === undefined || tokenValue === '' ? undefined : digest(checkedToken(tokenValue));
  const allowList = parseAllowList(options.allowedBaseUrls ?? env[ALLOWED_BASE_URLS_ENV]);
  // Each count and time of the options has its default under the same name in SERVER_CONFIG.
  const setting = (name: ServerSetting, range?: WholeNumberRange): number =>
    wholeNumberOption(options[name], name, SERVER_CONFIG[name], range);
  const maxBodyBytes = setting('maxBodyBytes');
  // 0 is allowed: shut down without waiting for the requests in flight.
  const graceMs = setting('shutdownGraceMs', { min: 0, max: MAX_TIMER_MS });
  const maxOpenEpisodes = setting('maxOpenEpisodes');
  const maxConcurrentEvaluations = setting('maxConcurrentEvaluations');
  const idleTimeoutMs = setting('idleTimeoutMs');
  const ownsEnvironment = options.environment === undefined;
  const logger: Logger =
    options.log === false
      ? { log: () => undefined }
      : createLogger({
          ...(options.log === undefined ? {} : { sink: options.log }),
          level: options.logLevel ?? 'info',
          // The server's own keys are masked everywhere; a client's key only in its request's lines.
          secrets: [tokenValue, env['OPENAI_API_KEY']].filter(
            (v): v is string => v !== undefined && v !== '',
          ),
        });
  const environment =
    options.environment ??
    createEnvironment({
      // The tools' warnings (a cache file that cannot be opened, say) go to the server's log by default.
      logger: { warn: (message) => logger.log('warn', 'tool_warning', { message }) },
      ...options.environmentOptions,
      maxEpisodes: maxOpenEpisodes,
      idleTimeoutMs,
    });
  const metrics = createServerMetrics();
  const limitEvaluations = createSemaphore(maxConcurrentEvaluations);
  // Aborted when shutdown begins. Steps take milliseconds and are drained; an evaluation can run for many
  // minutes of model calls, so it is stopped instead, and its client told so.
  const stopping = new AbortController();
  let inFlight = 0;
  let shuttingDown = false;
  let requestCounter = 0;
  let drained: (() => void) | undefined;

  // Idle episodes are swept on a timer as well as on traffic, so a quiet server frees memory too.
  const sweepTimer = setInterval(
    () => environment.sweep(),
    Math.max(1000, Math.min(60_000, idleTimeoutMs / 4)),
  );
  sweepTimer.unref();

  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    const { status, body } = httpErrorOf(error);
    // The client has gone: there is no one to answer. The request's log line (499) records the abort; the
    // header tells the Node adapter to write nothing to the closed socket.
    if (status === CLIENT_CLOSED_STATUS)
      return new Response(null, { status, headers: { [ALREADY_SENT_HEADER]: 'true' } });
    const retryAfter = retryAfterOf(error);
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
    if (status >= 500 && status !== 503) {
      logger.log(
        'error',
        'unhandled',
        {
          requestId: c.get('requestId'),
          path: c.req.path,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        },
        c.get('secrets'),
      );
    }
    return c.json(body, status as 400);
  });
  app.notFound((c) => {
    const { body } = httpErrorOf(
      httpError(
        ERROR_CODES.NOT_FOUND,
        `no route ${c.req.method} ${c.req.path}`,
        routeHint(c.req.path),
      ),
    );
    return c.json(body, 404);
  });

  /**
   * One `request` log line and the metrics of a finished request. A 503 is a refusal (the server is
   * stopping), logged like the other refused requests rather than as a server error.
   */
  function recordRequest(
    request: { requestId: string; method: string; route: string; secrets: readonly string[] },
    status: number,
    started: number,
  ): void {
    const seconds = (performance.now() - started) / 1000;
    metrics.request(request.route, status, seconds);
    logger.log(
      status >= 500 && status !== 503 ? 'error' : 'info',
      'request',
      {
        requestId: request.requestId,
        method: request.method,
        route: request.route,
        status,
        ms: Math.round(seconds * 1000 * 100) / 100,
      },
      request.secrets,
    );
  }

  // Admission, timing and logging; runs before the body is read.
  app.use('*', async (c, next) => {
    requestCounter += 1;
    const offered = c.req.header('x-request-id');
    // A client's request id is echoed only when it is short and plain (it ends up in logs and headers).
    const requestId =
      offered !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(offered)
        ? offered
        : `r${requestCounter}`;
    c.set('requestId', requestId);
    c.set('secrets', []);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    const route = routeOf(c.req.path);
    if (shuttingDown) {
      c.header('Connection', 'close');
      // Health answers with its own body, so a load balancer (or the client's health()) reads the state.
      if (route === '/healthz' && c.req.method === 'GET') {
        recordRequest({ requestId, method: c.req.method, route, secrets: [] }, 503, started);
        return c.json(healthBody(), 503);
      }
      const { body } = httpErrorOf(
        httpError(
          ERROR_CODES.SHUTTING_DOWN,
          'the server is shutting down',
          'Retry on another instance.',
        ),
      );
      recordRequest({ requestId, method: c.req.method, route, secrets: [] }, 503, started);
      return c.json(body, 503);
    }
    inFlight += 1;
    try {
      await next();
      // An answer given while the server stops closes its connection, so the socket can close at once.
      if (shuttingDown) c.header('Connection', 'close');
      return c.res;
    } finally {
      inFlight -= 1;
      const request = { requestId, method: c.req.method, route, secrets: c.get('secrets') };
      recordRequest(request, c.res.status, started);
      if (inFlight === 0 && drained !== undefined) drained();
    }
  });

  app.use('*', async (c, next) => {
    if (token === undefined || c.req.path === '/healthz') return next();
    if (!tokenMatches(c.req.header('authorization'), token)) {
      c.header('WWW-Authenticate', 'Bearer');
      throw httpError(
        ERROR_CODES.UNAUTHORIZED,
        'missing or invalid bearer token',
        'Send Authorization: Bearer <NAVWORLD_SERVER_TOKEN>.',
      );
    }
    return next();
  });

  app.post('/v1/reset', async (c) => {
    const request = parseBody(
      HttpResetRequestSchema,
      await readJson(c, maxBodyBytes),
      'reset request',
    );
    let taskId = request.task_id;
    if (taskId === undefined) {
      if (request.seed === undefined) {
        throw httpError(
          ERROR_CODES.VALIDATION_FAILED,
          'invalid reset request: task_id is required',
          'Send {"task_id": 131}.',
        );
      }
      taskId = taskIdFromSeed(request.seed);
    }
    const reset = environment.reset({
      taskId,
      // Checked here too: the environment served may be one the server did not make.
      ...(request.epoch === undefined ? {} : { epoch: checkedEpoch(request.epoch) }),
    });
    metrics.episodeCreated();
    return c.json({
      episode_id: reset.episodeId,
      observation: reset.observation,
      messages: reset.messages,
      tools: reset.tools,
      problem: reset.problem,
      epoch: reset.epoch,
      reward: 0,
      done: false,
      truncated: false,
      info: {
        task_id: taskId,
        ...(request.seed === undefined ? {} : { seed: request.seed }),
        problem_type: reset.problem.problemType,
        difficulty: reset.problem.difficulty,
        available_tools: reset.tools.map((t) => t.function.name),
      },
    });
  });

  app.post('/v1/step', async (c) => {
    const request = parseBody(
      HttpStepRequestSchema,
      await readJson(c, maxBodyBytes),
      'step request',
    );
    const started = performance.now();
    const result = await environment.step({
      episodeId: request.episode_id,
      toolCalls: request.tool_calls ?? null,
      content: request.content ?? request.action ?? null,
    });
    recordStep(request.episode_id, result.observations, result.done, started);
    return c.json({
      episode_id: result.episodeId,
      step: result.step,
      observation: result.observation,
      observations: result.observations.map(toHttpObservation),
      reward: result.reward,
      done: result.done,
      truncated: result.truncated,
      info: result.info,
    });
  });

  function recordStep(
    episodeId: string,
    observations: ReadonlyArray<{ name: string; ok: boolean; errorCode?: string | undefined }>,
    done: boolean,
    started: number,
  ): void {
    if (observations.length === 0) {
      metrics.step('final');
      if (done) metrics.scoring((performance.now() - started) / 1000);
      return;
    }
    metrics.step('tool');
    let cachedFlags: boolean[] = [];
    try {
      const trace = internalsOf(environment).state(episodeId).trace;
      cachedFlags = trace.slice(-observations.length).map((e) => e.cached === true);
    } catch {
      // An environment not made here (or an episode already swept): cache flags are unknown.
    }
    observations.forEach((o, i) => {
      metrics.toolCall(o.name, o.ok ? 'ok' : (o.errorCode ?? 'error'), cachedFlags[i] ?? false);
    });
  }

  app.post('/v1/evaluate', async (c) => {
    const request = parseBody(
      HttpEvaluateRequestSchema,
      await readJson(c, maxBodyBytes),
      'evaluate request',
    );
    if (!isBaseUrlAllowed(request.base_url, allowList)) {
      throw httpError(
        ERROR_CODES.FORBIDDEN,
        'base_url is not on the allow-list',
        `The server operator lists allowed endpoints in ${ALLOWED_BASE_URLS_ENV}.`,
      );
    }
    const apiKey = request.api_key ?? env['OPENAI_API_KEY'];
    if (apiKey === undefined || apiKey === '') {
      throw httpError(
        ERROR_CODES.MISSING_API_KEY,
        'no API key for the model endpoint',
        'Send api_key.',
      );
    }
    c.get('secrets').push(apiKey);
    const runner = options.evaluate ?? defaultEvaluateRunner;
    const run = stopOnShutdownOrHangUp(c.req.raw.signal);
    const result = await limitEvaluations(() => {
      // One that waited for a slot while the server began to stop, or its client left, never starts.
      run.signal.throwIfAborted();
      return runner(environment, {
        signal: run.signal,
        taskId: request.task_id,
        model: request.model,
        baseUrl: request.base_url,
        apiKey,
        timeoutMs: (request.timeout ?? SERVER_CONFIG.evaluateTimeoutSeconds) * 1000,
        ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        ...(request.max_tokens === undefined ? {} : { maxTokens: request.max_tokens }),
        ...(request.repeat === undefined ? {} : { repeat: request.repeat }),
      });
    }).finally(run.release);
    metrics.evaluation(result.outcome);
    return c.json(internalsOf(environment).debug ? result : withSafeScore(result));
  });

  /**
   * The signal of one evaluation: aborted with the shutdown's `SHUTTING_DOWN` error, or with `CLIENT_CLOSED`
   * when the request's own signal aborts (its client closed the connection: no one would read the answer,
   * so the model is not called for it any longer). `release` drops the listeners once the run is over.
   */
  function stopOnShutdownOrHangUp(request: AbortSignal): {
    signal: AbortSignal;
    release: () => void;
  } {
    const run = new AbortController();
    const onStop = (): void => run.abort(stopping.signal.reason);
    const onHangUp = (): void =>
      run.abort(
        httpError(
          ERROR_CODES.CLIENT_CLOSED,
          'the client closed its connection before the evaluation finished',
          'Keep the connection open until the answer arrives; nothing of the run was kept.',
        ),
      );
    if (stopping.signal.aborted) onStop();
    else if (request.aborted) onHangUp();
    stopping.signal.addEventListener('abort', onStop, { once: true });
    request.addEventListener('abort', onHangUp, { once: true });
    return {
      signal: run.signal,
      release: () => {
        stopping.signal.removeEventListener('abort', onStop);
        request.removeEventListener('abort', onHangUp);
      },
    };
  }

  app.get('/v1/tasks/:id', (c) => {
    const raw = c.req.param('id');
    if (!/^\d+$/.test(raw)) {
      throw httpError(
        ERROR_CODES.INVALID_TASK_ID,
        `task id must be a non-negative integer, got ${JSON.stringify(raw.slice(0, 20))}`,
        `Use GET /v1/tasks/131 (ids run from 0 to ${MAX_TASK_ID}).`,
      );
    }
    const taskId = Number(raw);
    // A well-formed id past the last one: the range is the problem, so the message names it.
    if (taskId > MAX_TASK_ID) {
      const shown = raw.length > 20 ? `${raw.slice(0, 20)}…` : raw;
      throw httpError(
        ERROR_CODES.INVALID_TASK_ID,
        `task id ${shown} is out of range: task ids run from 0 to ${MAX_TASK_ID}`,
        `Use an id from 0 to ${MAX_TASK_ID}, e.g. GET /v1/tasks/131.`,
      );
    }
    return c.json({ task_id: taskId, problem: generateProblem(taskId) });
  });

  app.get('/v1/tools', (c) => c.json({ tools: environment.tools }));

  app.get('/v1/openapi.json', (c) => c.json(openApiDocument(VERSION)));

  /** The `/healthz` body; once shutdown has begun it is answered with 503 before any other handler. */
  function healthBody(): z.output<typeof HttpHealthResponseSchema> {
    const stats = environment.stats();
    return {
      status: shuttingDown ? 'shutting_down' : 'ok',
      episodes_open: stats.open,
      episodes_held: stats.episodes,
      versions: environment.versions,
    };
  }

  app.get('/healthz', (c) => c.json(healthBody()));

  app.get('/metrics', (c) => {
    const stats = environment.stats();
    c.header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8');
    return c.body(
      metrics.render({
        episodesOpen: stats.open,
        episodesHeld: stats.episodes,
        inFlight,
        toolContexts: stats.toolContexts,
        scoring: stats.scoring,
      }),
    );
  });

  // A known path with the wrong method is a 405, not a 404.
  const methods: Record<string, string> = {
    '/v1/reset': 'POST',
    '/v1/step': 'POST',
    '/v1/evaluate': 'POST',
    '/v1/tasks/:id': 'GET',
    '/v1/tools': 'GET',
    '/v1/openapi.json': 'GET',
    '/healthz': 'GET',
    '/metrics': 'GET',
  };
  for (const [path, allowed] of Object.entries(methods)) {
    app.all(path, (c) => {
      c.header('Allow', allowed);
      throw httpError(
        ERROR_CODES.METHOD_NOT_ALLOWED,
        `${c.req.method} is not allowed on ${path}`,
        `Use ${allowed}.`,
      );
    });
  }

  return {
    app: app as unknown as Hono,
    fetch: (request, bindings) => app.fetch(request, bindings),
    environment,
    metrics,
    get inFlight() {
      return inFlight;
    },
    get shuttingDown() {
      return shuttingDown;
    },
    async shutdown() {
      if (!shuttingDown) {
        shuttingDown = true;
        clearInterval(sweepTimer);
        logger.log('info', 'shutdown', { inFlight });
        stopping.abort(
          httpError(
            ERROR_CODES.SHUTTING_DOWN,
            'the server shut down before the evaluation finished',
            'Nothing of it was kept: run it again on another instance.',
          ),
        );
      }
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          timer.unref();
          drained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      if (ownsEnvironment) await environment.close();
    },
  };
}
