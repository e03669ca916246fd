import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { z } from 'zod';
import {
  ERROR_CODES,
  MIN_SECRET_LENGTH,
  NavworldError,
  formatZodIssues,
  type NavworldErrorCode,
  type TravelProblem,
} from '@navworld/core-types';
import type { ReferenceStepper } from '../agent/reference-agent';
import type {
  EnvironmentStepResult,
  OpenAIToolDefinition,
  ResetResult,
} from '../environment/environment';
import type { ResetInput, StepInput } from '../environment/schemas';
import {
  HttpErrorResponseSchema,
  HttpHealthResponseSchema,
  HttpResetResponseSchema,
  HttpStepResponseSchema,
  HttpTaskResponseSchema,
  HttpToolsResponseSchema,
  type HttpToolDefinition,
} from '../server/http-schemas';
import { maskSecretValues } from '../server/logger';

/**
 * Default deadline of one request: a step may run real tools (up to 2 minutes each on the server) and a
 * judge before it answers, so the default errs on the long side.
 */
export const DEFAULT_CLIENT_TIMEOUT_MS = 300_000;

/** Options of {@link createServerClient}, validated when the client is made. */
export const ServerClientOptionsSchema = z.strictObject({
  /** Where `navworld serve` listens, e.g. `http://127.0.0.1:8080` (a path prefix is kept). */
  baseUrl: z
    .string()
    .refine(isHttpBaseUrl, 'must be an http(s) URL without credentials, query or fragment'),
  /**
   * The server's bearer token (`NAVWORLD_SERVER_TOKEN`); sent on every request, never in errors. At least 4
   * characters: a shorter value could not be masked in error texts without garbling their words.
   */
  token: z
    .string()
    .regex(/^\S*$/, 'must be a token without spaces')
    .min(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)
    .optional(),
  /** Deadline of one request in milliseconds. @default 300000 */
  timeoutMs: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  /**
   * A fetch function to send requests through (a proxy-aware one, a test double). By default the client
   * talks node:http(s) directly over kept-alive connections, which costs less per request than `fetch`.
   */
  fetch: z
    .custom<typeof fetch>((value) => typeof value === 'function', 'must be a fetch function')
    .optional(),
});
/** See {@link ServerClientOptionsSchema}. */
export type ServerClientOptions = z.input<typeof ServerClientOptionsSchema>;

/** What `GET /healthz` reports, in the library's spelling. */
export interface ServerHealth {
  /** `ok`, or `shutting_down` while the server drains. */
  status: 'ok' | 'shutting_down';
  /** Unfinished episodes. */
  episodesOpen: number;
  /** Episodes held, finished ones included. */
  episodesHeld: number;
  /** The server's component versions. */
  versions: Record<string, unknown>;
}

/**
 * A typed client of one `navworld serve`: the library's camelCase inputs and results over the server's
 * snake_case JSON. It is a {@link ReferenceStepper}, so the reference agent can play through it.
 */
export interface ServerClient extends ReferenceStepper {
  /** The server's base URL, as given (without a trailing slash). */
  readonly baseUrl: string;
  /** Opens an episode (`POST /v1/reset`); the same result as `Environment.reset`. */
  reset(input: ResetInput): Promise<ResetResult>;
  /**
   * Advances an episode (`POST /v1/step`); the same result as `Environment.step`. The final step's
   * `info` also carries `score` (= `total`), which the server adds for OpenEnv-style clients.
   */
  step(input: StepInput): Promise<EnvironmentStepResult>;
  /** The generated problem of a task (`GET /v1/tasks/:id`). */
  task(taskId: number): Promise<TravelProblem>;
  /** The six tools in OpenAI function format (`GET /v1/tools`). */
  tools(): Promise<OpenAIToolDefinition[]>;
  /**
   * Liveness and open episodes (`GET /healthz`). A server that is shutting down answers with status
   * `shutting_down` (its 503 is read, not thrown).
   */
  health(): Promise<ServerHealth>;
}

const KNOWN_CODES = new Set<string>(Object.values(ERROR_CODES));

function isHttpBaseUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.search === '' &&
    url.hash === ''
  );
}

/** The innermost message of an error chain: `fetch failed` hides the useful `connect ECONNREFUSED …`. */
function rootMessage(error: unknown): string {
  let current = error;
  for (let depth = 0; depth < 5; depth += 1) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (cause === undefined || cause === null) break;
    current = cause;
  }
  return current instanceof Error ? current.message : String(current);
}

/**
 * The server sends the environment's tool definitions unchanged and the answer schemas check their OpenAI
 * shape; the tool names and the JSON Schemas of the arguments are narrower TypeScript types, given here.
 */
function toolDefinitionsOf(tools: HttpToolDefinition[]): OpenAIToolDefinition[] {
  return tools as unknown as OpenAIToolDefinition[];
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

/** What one request brought back, whichever way it was sent. */
interface RawAnswer {
  status: number;
  requestId: string | null;
  /** The `Retry-After` header, when the server sent one. */
  retryAfter: string | null;
  text: string;
}

/** Sends one request; rejects on network failure, and with a `TimeoutError` past the deadline. */
type Send = (
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
) => Promise<RawAnswer>;

/** Requests through a fetch function: the answer as text, the deadline as an abort signal. */
function sendThroughFetch(fetchImpl: typeof fetch, baseUrl: string): Send {
  return async (method, path, headers, body, timeoutMs) => {
    const response = await fetchImpl(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const requestId = response.headers.get('x-request-id');
    const retryAfter = response.headers.get('retry-after');
    return { status: response.status, requestId, retryAfter, text: await response.text() };
  };
}

/**
 * Requests over node:http(s) with a keep-alive agent of the client's own. The deadline covers the whole
 * exchange (connect, server work, body); a plain timer is much cheaper per request than an abort signal.
 */
function sendThroughNode(baseUrl: string): Send {
  const url = new URL(baseUrl);
  const secure = url.protocol === 'https:';
  const request = secure ? httpsRequest : httpRequest;
  // Idle kept-alive sockets do not hold the process open (the agent unrefs them).
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const target = {
    protocol: url.protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
    prefix: url.pathname.replace(/\/+$/, ''),
  };
  return (method, path, headers, body, timeoutMs) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const req = request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          path: `${target.prefix}${path}`,
          method,
          headers:
            body === undefined
              ? headers
              : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          agent,
        },
        (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            clearTimeout(timer);
            const id = res.headers['x-request-id'];
            const retryAfter = res.headers['retry-after'];
            resolve({
              status: res.statusCode ?? 0,
              requestId: typeof id === 'string' ? id : null,
              retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
              text: Buffer.concat(chunks).toString('utf8'),
            });
          });
          res.on('error', fail);
        },
      );
      function fail(error: Error): void {
        clearTimeout(timer);
        reject(error);
      }
      const timer = setTimeout(() => {
        const error = new Error(`no answer within ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        req.destroy(error);
      }, timeoutMs);
      req.on('error', fail);
      req.end(body);
    });
}

/**
 * Creates a client of a running `navworld serve`, over node:http(s) unless a `fetch` is given. Every failure
 * is a `NavworldError`: an error answer keeps the server's code, message and hint (the HTTP status is in
 * `details.status`, and a `Retry-After` delay in `details.retryAfterSeconds`); no answer is `PROVIDER_ERROR`,
 * no answer in time `PROVIDER_TIMEOUT`, and an answer the client cannot read is `PROVIDER_ERROR` too. The token never appears in an error. Bad options throw
 * `INVALID_ARGUMENT`.
 *
 * @example
 * import { createServerClient, playReferenceEpisode } from 'navworld';
 *
 * const client = createServerClient({ baseUrl: 'http://127.0.0.1:8080', token: process.env.NAVWORLD_SERVER_TOKEN });
 * const { episodeId, problem } = await client.reset({ taskId: 131 });
 * const step = await client.step({
 *   episodeId,
 *   toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: JSON.stringify({ city: problem.destinationCity }) } }],
 * });
 * console.log(step.observations[0]?.text, step.reward);
 * const final = await client.step({ episodeId, content: '……完整的旅行方案……' });
 * console.log(final.done, final.info?.total);
 *
 * // The reference agent plays through the client as through an environment:
 * const played = await playReferenceEpisode(client, await client.reset({ taskId: 131 }));
 */
export function createServerClient(options: ServerClientOptions): ServerClient {
  const parsed = ServerClientOptionsSchema.safeParse(options);
  if (!parsed.success) {
    // The issues name paths and rules, never values, so a token cannot leak through them.
    const issues = formatZodIssues(parsed.error);
    throw new NavworldError(
      ERROR_CODES.INVALID_ARGUMENT,
      `invalid server client options: ${issues.join('; ')}`,
      {
        hint: "Pass { baseUrl: 'http://127.0.0.1:8080' } and, if the server has one, its token.",
        details: { issues },
      },
    );
  }
  const { token } = parsed.data;
  const baseUrl = parsed.data.baseUrl.replace(/\/+$/, '');
  const timeoutMs = parsed.data.timeoutMs ?? DEFAULT_CLIENT_TIMEOUT_MS;
  const send =
    parsed.data.fetch === undefined
      ? sendThroughNode(baseUrl)
      : sendThroughFetch(parsed.data.fetch, baseUrl);
  const secrets = token === undefined ? [] : [token];
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== undefined) headers['authorization'] = `Bearer ${token}`;
  const postHeaders = { ...headers, 'content-type': 'application/json' };

  /**
   * Every error leaves through here, so that no text from anywhere can carry the token out. Only the token
   * itself is masked: the server's own words ("missing or invalid bearer token") reach the caller as sent.
   */
  const failure = (
    code: NavworldErrorCode,
    message: string,
    hint: string | undefined,
    details: Record<string, unknown>,
  ): NavworldError =>
    new NavworldError(code, maskSecretValues(message, secrets) as string, {
      ...(hint === undefined ? {} : { hint: maskSecretValues(hint, secrets) as string }),
      details: maskSecretValues(details, secrets) as Record<string, unknown>,
    });

  /**
   * One request → the answer's JSON, validated with `schema`. An answer with a status in `alsoRead` is read
   * with `schema` too when it matches it (a draining server's 503 health), else as an error.
   */
  async function call<S extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: S,
    body?: unknown,
    alsoRead: readonly number[] = [],
  ): Promise<z.output<S>> {
    const where = `${method} ${baseUrl}${path}`;
    let status = 0;
    let requestId: string | null;
    let retryAfter: string | null;
    let text: string;
    try {
      ({ status, requestId, retryAfter, text } = await send(
        method,
        path,
        body === undefined ? headers : postHeaders,
        body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
      ));
    } catch (error) {
      if (isTimeout(error)) {
        throw failure(
          ERROR_CODES.PROVIDER_TIMEOUT,
          `${where}: no answer within ${timeoutMs} ms`,
          'The server may be overloaded or stuck; raise timeoutMs for slow judges or tools.',
          { method, path, timeoutMs },
        );
      }
      throw failure(
        ERROR_CODES.PROVIDER_ERROR,
        `${where} failed: ${rootMessage(error)}`,
        'Is `navworld serve` running at this address? Check baseUrl.',
        { method, path, ...(status === 0 ? {} : { status }) },
      );
    }
    const context = { method, path, status, ...(requestId === null ? {} : { requestId }) };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw failure(
        ERROR_CODES.PROVIDER_ERROR,
        `${where} answered HTTP ${status} with a body that is not JSON`,
        'Is baseUrl a NAVWORLD server and not a proxy or another service?',
        context,
      );
    }
    if (alsoRead.includes(status)) {
      const answer = schema.safeParse(json);
      if (answer.success) return answer.data;
    }
    if (status < 200 || status > 299) {
      const answer = HttpErrorResponseSchema.safeParse(json);
      if (!answer.success) {
        throw failure(
          ERROR_CODES.PROVIDER_ERROR,
          `${where} answered HTTP ${status} without a NAVWORLD error body`,
          'Is baseUrl a NAVWORLD server and not a proxy or another service?',
          context,
        );
      }
      const { code, message, hint } = answer.data.error;
      // A code this client does not know (a newer server) keeps its spelling in details.
      const known = KNOWN_CODES.has(code);
      // Only the delay-seconds form of Retry-After is read (the server sends no dates).
      const wait =
        retryAfter !== null && /^\d{1,9}$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
      const details = {
        ...context,
        ...(known ? {} : { code }),
        ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
      };
      throw failure(
        known ? (code as NavworldErrorCode) : ERROR_CODES.PROVIDER_ERROR,
        known ? message : `${code}: ${message}`,
        hint,
        details,
      );
    }
    const answer = schema.safeParse(json);
    if (!answer.success) {
      const issues = formatZodIssues(answer.error).slice(0, 10);
      throw failure(
        ERROR_CODES.PROVIDER_ERROR,
        `${where}: unexpected answer: ${issues.join('; ')}`,
        'The client and server versions may differ; compare GET /v1/openapi.json.',
        { ...context, issues },
      );
    }
    return answer.data;
  }

  return {
    baseUrl,
    async reset(input) {
      const j = await call('POST', '/v1/reset', HttpResetResponseSchema, {
        task_id: input.taskId,
        ...(input.epoch === undefined ? {} : { epoch: input.epoch }),
      });
      return {
        episodeId: j.episode_id,
        messages: j.messages,
        tools: toolDefinitionsOf(j.tools),
        problem: j.problem,
        observation: j.observation,
        epoch: j.epoch,
      };
    },
    async step(input) {
      const j = await call('POST', '/v1/step', HttpStepResponseSchema, {
        episode_id: input.episodeId,
        tool_calls: input.toolCalls ?? null,
        content: input.content ?? null,
      });
      return {
        episodeId: j.episode_id,
        step: j.step,
        observations: j.observations.map((o) => ({
          toolCallId: o.tool_call_id,
          name: o.name,
          ok: o.ok,
          ...(o.error_code === undefined ? {} : { errorCode: o.error_code }),
          text: o.text,
          reward: o.reward,
        })),
        reward: j.reward,
        done: j.done,
        truncated: j.truncated,
        info: j.info,
        observation: j.observation,
      };
    },
    async task(taskId) {
      const path = `/v1/tasks/${encodeURIComponent(String(taskId))}`;
      return (await call('GET', path, HttpTaskResponseSchema)).problem;
    },
    async tools() {
      const j = await call('GET', '/v1/tools', HttpToolsResponseSchema);
      return toolDefinitionsOf(j.tools);
    },
    async health() {
      // A server that is shutting down answers 503 with the health body: that is a state, not a failure.
      const j = await call('GET', '/healthz', HttpHealthResponseSchema, undefined, [503]);
      return {
        status: j.status,
        episodesOpen: j.episodes_open,
        episodesHeld: j.episodes_held,
        versions: j.versions,
      };
    },
  };
}
