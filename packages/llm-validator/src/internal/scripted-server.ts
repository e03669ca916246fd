import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { z } from 'zod';
import { ERROR_CODES, NavworldError, parseWith } from '@navworld/core-types';

/** One scripted tool call the fake assistant makes. `arguments` objects are JSON-encoded for the wire. */
export const ScriptedToolCallSchema = z.object({
  /** Tool call id; defaults to `call_<request>_<position>`. */
  id: z.string().min(1).optional(),
  /** Function name. */
  name: z.string().min(1),
  /** Arguments as the raw JSON text the model would emit, or an object to encode. */
  arguments: z.union([z.string(), z.record(z.string(), z.unknown())]).default('{}'),
});
/** See {@link ScriptedToolCallSchema}. */
export type ScriptedToolCall = z.input<typeof ScriptedToolCallSchema>;

/** Token usage reported for a scripted response. */
export const ScriptedUsageSchema = z.object({
  /** Prompt tokens (default 10). */
  promptTokens: z.number().int().nonnegative().optional(),
  /** Completion tokens (default: code points of content plus tool arguments, at least 1). */
  completionTokens: z.number().int().nonnegative().optional(),
});
/** See {@link ScriptedUsageSchema}. */
export type ScriptedUsage = z.input<typeof ScriptedUsageSchema>;

/** Finish reasons the server can report. */
export const ScriptedFinishReasonSchema = z.enum([
  'stop',
  'length',
  'tool_calls',
  'content_filter',
  'function_call',
]);
/** See {@link ScriptedFinishReasonSchema}. */
export type ScriptedFinishReason = z.infer<typeof ScriptedFinishReasonSchema>;

/**
 * One scripted reply: assistant content and/or tool calls plus optional faults. Faults apply in this order:
 * `delayMs` (wait first), then `status` (an OpenAI-style error body), `malformed` (a 200 whose body is not
 * valid JSON / SSE), `cutStream` (the socket is destroyed before content or after N content chunks).
 */
export const ScriptedResponseSchema = z.object({
  /** Assistant text (null or absent = no content). */
  content: z.string().nullable().optional(),
  /** Tool calls the assistant makes. */
  toolCalls: z.array(ScriptedToolCallSchema).optional(),
  /** Usage numbers to report. */
  usage: ScriptedUsageSchema.optional(),
  /** Finish reason (default `tool_calls` when there are tool calls, else `stop`). */
  finishReason: ScriptedFinishReasonSchema.optional(),
  /** Model name echoed in the response (default: the request's model). */
  model: z.string().optional(),
  /** Wait this long before answering (to provoke client timeouts). */
  delayMs: z.number().int().nonnegative().optional(),
  /** Answer with this HTTP status and an OpenAI error body instead of a completion. */
  status: z.number().int().min(400).max(599).optional(),
  /** Error message for `status` (default: a generic one per status). */
  errorMessage: z.string().optional(),
  /** Error `type` for `status`. */
  errorType: z.string().optional(),
  /** Error `code` for `status`. */
  errorCode: z.string().optional(),
  /** Extra response headers (e.g. `retry-after`). */
  headers: z.record(z.string(), z.string()).optional(),
  /** Destroy the socket before any content, or after this many content chunks. */
  cutStream: z
    .union([z.literal('before-content'), z.object({ afterChunks: z.number().int().nonnegative() })])
    .optional(),
  /** Answer 200 with a body that is not a valid completion. */
  malformed: z.boolean().optional(),
  /** Code points per streamed content chunk (default 8). */
  chunkSize: z.number().int().positive().optional(),
});
/** See {@link ScriptedResponseSchema}. */
export type ScriptedResponse = z.input<typeof ScriptedResponseSchema>;

/** One request the server received, recorded in arrival order. */
export interface RecordedRequest {
  /** Position among chat-completion requests (0-based); -1 for other endpoints. */
  index: number;
  /** HTTP method. */
  method: string;
  /** Request path, e.g. `/v1/chat/completions`. */
  path: string;
  /** Request headers (lower-case names). */
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (undefined when the body was empty or not JSON). */
  body: unknown;
  /** The body exactly as received. */
  rawBody: string;
  /** Whether the client asked for a stream. */
  stream: boolean;
  /** True when the script was exhausted and no handler answered. */
  unexpected: boolean;
}

/** A function computing the reply to a chat-completion request. */
export type ScriptedHandler = (
  request: RecordedRequest,
  index: number,
) => ScriptedResponse | Promise<ScriptedResponse>;

/** Options of {@link startScriptedOpenAIServer}. */
export interface ScriptedOpenAIServerOptions {
  /** Replies served in order, one per chat-completion request. */
  script?: ScriptedResponse[];
  /** Computes replies once the script is used up (or for every request when there is no script). */
  handler?: ScriptedHandler;
  /** Model ids listed by `GET /v1/models` (default `['scripted-model']`). */
  models?: string[];
}

/** A running scripted server. */
export interface ScriptedOpenAIServer {
  /** Base URL for OpenAI clients, `http://127.0.0.1:PORT/v1`. */
  url: string;
  /** The TCP port. */
  port: number;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Errors for requests that arrived after the script was exhausted. */
  unexpectedCalls: UnexpectedCallError[];
  /** Appends replies to the script. */
  push(...responses: ScriptedResponse[]): void;
  /** Number of scripted replies not yet served. */
  remaining(): number;
  /**
   * Throws {@link UnconsumedResponsesError} when scripted replies are left, or the first
   * {@link UnexpectedCallError} when a request found the script exhausted.
   */
  assertConsumed(): void;
  /** Stops the server and drops open connections. */
  close(): Promise<void>;
}

/** A chat-completion request arrived after the script was used up and no handler was given. */
export class UnexpectedCallError extends NavworldError {
  /** The request that was not expected. */
  readonly request: RecordedRequest;

  constructor(request: RecordedRequest) {
    super(
      ERROR_CODES.INTERNAL,
      `Scripted OpenAI server: unexpected chat-completion request #${request.index} (script exhausted).`,
      {
        hint: 'Add one more scripted response or a handler.',
        details: { index: request.index },
      },
    );
    this.request = request;
  }
}

/** Scripted replies were left unserved when the test expected all of them to be used. */
export class UnconsumedResponsesError extends NavworldError {
  /** Number of replies left. */
  readonly remaining: number;

  constructor(remaining: number) {
    super(
      ERROR_CODES.INTERNAL,
      `Scripted OpenAI server: ${remaining} scripted response(s) were never requested.`,
      { hint: 'The code under test made fewer calls than scripted.', details: { remaining } },
    );
    this.remaining = remaining;
  }
}

const OptionsSchema = z.object({
  script: z.array(ScriptedResponseSchema).optional(),
  handler: z.custom<ScriptedHandler>((v) => v === undefined || typeof v === 'function').optional(),
  models: z.array(z.string().min(1)).optional(),
});

type ParsedResponse = z.output<typeof ScriptedResponseSchema>;

const DEFAULT_CHUNK = 8;
const DEFAULT_PROMPT_TOKENS = 10;
/** Fixed creation time so recorded responses are reproducible. */
const CREATED = 1_700_000_000;

const STATUS_MESSAGES: Record<number, [string, string]> = {
  400: ['Bad request.', 'invalid_request_error'],
  401: ['Incorrect API key provided.', 'invalid_request_error'],
  404: ['Not found.', 'invalid_request_error'],
  429: ['Rate limit reached for requests.', 'rate_limit_exceeded'],
  500: ['The server had an error while processing your request.', 'server_error'],
  502: ['Bad gateway.', 'server_error'],
  503: ['The engine is currently overloaded.', 'server_error'],
};

/**
 * Starts a real HTTP server on 127.0.0.1 (random port) that speaks the OpenAI chat-completions API with
 * scripted replies: `POST /v1/chat/completions` (JSON or SSE when `stream: true`, with tool-call deltas and a
 * usage chunk when `stream_options.include_usage`) and `GET /v1/models`.
 */
export async function startScriptedOpenAIServer(
  options: ScriptedOpenAIServerOptions = {},
): Promise<ScriptedOpenAIServer> {
  const parsed = parseWith(OptionsSchema, options, 'scripted server options');
  const queue: ParsedResponse[] = [...(parsed.script ?? [])];
  const handler = options.handler;
  const models = parsed.models ?? ['scripted-model'];
  const requests: RecordedRequest[] = [];
  const unexpectedCalls: UnexpectedCallError[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  let chatIndex = 0;

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    void serve(req, res).catch(() => {
      if (!res.headersSent) sendError(res, 500, 'Scripted server failure.', 'server_error');
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req);
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const method = req.method ?? 'GET';
    let body: unknown;
    try {
      body = rawBody === '' ? undefined : JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const isChat = method === 'POST' && path.replace(/\/+$/, '') === '/v1/chat/completions';
    const record: RecordedRequest = {
      index: isChat ? chatIndex++ : -1,
      method,
      path,
      headers: req.headers,
      body,
      rawBody,
      stream: isChat && isRecord(body) && body.stream === true,
      unexpected: false,
    };
    requests.push(record);

    if (method === 'GET' && path.replace(/\/+$/, '') === '/v1/models') {
      sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'navworld' })),
      });
      return;
    }
    if (!isChat) {
      sendError(res, 404, `Unknown endpoint ${method} ${path}.`, 'invalid_request_error');
      return;
    }
    if (!isRecord(body)) {
      sendError(res, 400, 'Request body must be a JSON object.', 'invalid_request_error');
      return;
    }

    let reply: ParsedResponse | undefined = queue.shift();
    if (reply === undefined && handler !== undefined) {
      try {
        reply = parseWith(
          ScriptedResponseSchema,
          await handler(record, record.index),
          'handler reply',
        );
      } catch (error) {
        sendError(res, 500, `Scripted handler failed: ${String(error)}`, 'server_error');
        return;
      }
    }
    if (reply === undefined) {
      record.unexpected = true;
      const error = new UnexpectedCallError(record);
      unexpectedCalls.push(error);
      sendError(res, 500, error.message, 'server_error');
      return;
    }

    if (reply.delayMs !== undefined && reply.delayMs > 0) {
      await sleep(reply.delayMs);
      if (res.destroyed || req.socket.destroyed) return;
    }
    const model = reply.model ?? (typeof body.model === 'string' ? body.model : 'scripted-model');
    if (reply.status !== undefined) {
      const [message, type] = STATUS_MESSAGES[reply.status] ?? ['Scripted error.', 'server_error'];
      sendError(
        res,
        reply.status,
        reply.errorMessage ?? message,
        reply.errorType ?? type,
        reply.errorCode,
        reply.headers,
      );
      return;
    }
    const includeUsage =
      isRecord(body.stream_options) && body.stream_options.include_usage === true;
    if (record.stream) streamReply(res, reply, model, record.index, includeUsage);
    else jsonReply(res, reply, model, record.index);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    unexpectedCalls,
    push(...responses) {
      for (const r of responses)
        queue.push(parseWith(ScriptedResponseSchema, r, 'scripted response'));
    },
    remaining: () => queue.length,
    assertConsumed() {
      if (queue.length > 0) throw new UnconsumedResponsesError(queue.length);
      const first = unexpectedCalls[0];
      if (first !== undefined) throw first;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code?: string,
  headers?: Record<string, string>,
): void {
  sendJson(res, status, { error: { message, type, param: null, code: code ?? null } }, headers);
}

function toolCallsOf(reply: ParsedResponse, index: number) {
  return (reply.toolCalls ?? []).map((call, position) => ({
    id: call.id ?? `call_${index}_${position}`,
    type: 'function' as const,
    function: {
      name: call.name,
      arguments:
        typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    },
  }));
}

function usageOf(reply: ParsedResponse, toolArgs: string[]) {
  const produced =
    [...(reply.content ?? '')].length + toolArgs.reduce((sum, a) => sum + [...a].length, 0);
  const prompt = reply.usage?.promptTokens ?? DEFAULT_PROMPT_TOKENS;
  const completion = reply.usage?.completionTokens ?? Math.max(1, produced);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
}

function finishReasonOf(reply: ParsedResponse): ScriptedFinishReason {
  return reply.finishReason ?? ((reply.toolCalls?.length ?? 0) > 0 ? 'tool_calls' : 'stop');
}

function jsonReply(res: ServerResponse, reply: ParsedResponse, model: string, index: number): void {
  const calls = toolCallsOf(reply, index);
  const payload = {
    id: `chatcmpl-scripted-${index}`,
    object: 'chat.completion',
    created: CREATED,
    model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: reply.content ?? null,
          refusal: null,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        },
        logprobs: null,
        finish_reason: finishReasonOf(reply),
      },
    ],
    usage: usageOf(
      reply,
      calls.map((c) => c.function.arguments),
    ),
  };
  if (reply.malformed === true) {
    res.writeHead(200, { 'content-type': 'application/json', ...reply.headers });
    res.end('{"id": "chatcmpl-broken", "choices": [ {"message": ');
    return;
  }
  if (reply.cutStream !== undefined) {
    // A body cut mid-way: headers and part of the JSON, then the socket dies.
    const text = JSON.stringify(payload);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    if (reply.cutStream === 'before-content') res.flushHeaders();
    else res.write(text.slice(0, Math.floor(text.length / 2)));
    setImmediate(() => res.destroy());
    return;
  }
  sendJson(res, 200, payload, reply.headers);
}

function streamReply(
  res: ServerResponse,
  reply: ParsedResponse,
  model: string,
  index: number,
  includeUsage: boolean,
): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    ...reply.headers,
  });
  const base = {
    id: `chatcmpl-scripted-${index}`,
    object: 'chat.completion.chunk',
    created: CREATED,
    model,
  };
  const send = (choices: unknown[], extra: Record<string, unknown> = {}): void => {
    res.write(`data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`);
  };
  const cut = (): void => {
    setImmediate(() => res.destroy());
  };
  if (reply.malformed === true) {
    res.write('data: {"id": "chatcmpl-broken", "choices": [\n\n');
    res.end('data: [DONE]\n\n');
    return;
  }
  if (reply.cutStream === 'before-content') {
    res.flushHeaders();
    cut();
    return;
  }
  const cutAfter = typeof reply.cutStream === 'object' ? reply.cutStream.afterChunks : undefined;

  send([
    { index: 0, delta: { role: 'assistant', content: '' }, logprobs: null, finish_reason: null },
  ]);
  const chars = [...(reply.content ?? '')];
  const size = reply.chunkSize ?? DEFAULT_CHUNK;
  let sent = 0;
  for (let i = 0; i < chars.length; i += size) {
    if (cutAfter !== undefined && sent >= cutAfter) {
      cut();
      return;
    }
    const piece = chars.slice(i, i + size).join('');
    send([{ index: 0, delta: { content: piece }, logprobs: null, finish_reason: null }]);
    sent++;
  }
  if (cutAfter !== undefined) {
    cut();
    return;
  }
  const calls = toolCallsOf(reply, index);
  calls.forEach((call, position) => {
    send([
      {
        index: 0,
        delta: {
          tool_calls: [
            {
              index: position,
              id: call.id,
              type: 'function',
              function: { name: call.function.name, arguments: '' },
            },
          ],
        },
        logprobs: null,
        finish_reason: null,
      },
    ]);
    // Arguments arrive in pieces, as real endpoints send them.
    const args = [...call.function.arguments];
    for (let i = 0; i < args.length; i += size) {
      send([
        {
          index: 0,
          delta: {
            tool_calls: [
              { index: position, function: { arguments: args.slice(i, i + size).join('') } },
            ],
          },
          logprobs: null,
          finish_reason: null,
        },
      ]);
    }
  });
  send([{ index: 0, delta: {}, logprobs: null, finish_reason: finishReasonOf(reply) }]);
  if (includeUsage) {
    send([], {
      usage: usageOf(
        reply,
        calls.map((c) => c.function.arguments),
      ),
    });
  }
  res.end('data: [DONE]\n\n');
}
