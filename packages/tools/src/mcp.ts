import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  JSONRPCRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  RequestIdSchema,
  type JSONRPCMessage,
  type MessageExtraInfo,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { callTool } from './call-tool';
import { WORLD_VERSION } from './config';
import { createToolContext, type ToolContextOptions } from './context';
import { toolDefinitions } from './definitions';
import type { ToolContext } from './types';

/** Options of {@link createMcpServer}: a ready context, or options to build one. */
export interface McpServerOptions extends ToolContextOptions {
  /** Use this context instead of building one. */
  context?: ToolContext;
  /** Server name announced to clients. Default `navworld-tools`. */
  name?: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Screening of incoming messages. The SDK's Protocol ignores (reports to `onerror`, never answers) any message its
// strict JSON-RPC schemas reject, `params: null` or an extra member included, and answers a request whose params
// fail the handler's schema with -32603 and the zod issue list as message. So each message is checked here first:
// malformed requests are answered with the proper code and a one-line message, the rest pass on in a shape the SDK
// accepts.
// ---------------------------------------------------------------------------------------------------------------

/** A JSON-RPC error reply; unlike the SDK's type it allows `id: null`, which JSON-RPC requires when no id is known. */
interface ErrorReply {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string };
}

type Screened = { forward: JSONRPCMessage } | { reply: ErrorReply };

/** The part of a zod issue used to word a message. */
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly expected?: unknown;
}

/** What is used of a zod schema here. */
interface Checker {
  safeParse(data: unknown): { success: boolean; error?: { issues: readonly Issue[] } };
}

/** The methods this server answers, with the SDK schemas their handlers parse requests with. */
const REQUEST_SCHEMAS = new Map<string, Checker>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
]);

const STANDARD_MESSAGES = new Map<number, string>([
  [ErrorCode.ParseError, 'Parse error'],
  [ErrorCode.InvalidRequest, 'Invalid request'],
  [ErrorCode.MethodNotFound, 'Method not found'],
  [ErrorCode.InvalidParams, 'Invalid params'],
  [ErrorCode.InternalError, 'Internal error'],
]);

/** Longest error message sent as is; anything longer or on several lines is a dump, not a message. */
const MAX_ERROR_MESSAGE = 200;

function errorReply(id: RequestId | null, code: number, message: string): { reply: ErrorReply } {
  return { reply: { jsonrpc: '2.0', id, error: { code, message } } };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path)
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<PropertyKey, unknown>)[key]
        : undefined;
  return value;
}

const EXPECTED_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  record: 'an object',
  array: 'an array',
};

/** One line naming the offending field of a request whose params fail its method's schema. */
function paramsMessage(method: string, request: unknown, issue: Issue | undefined): string {
  const path = issue?.path ?? ['params'];
  const field = path.map(String).join('.');
  const missing = valueAt(request, path) === undefined;
  const expected = typeof issue?.expected === 'string' ? EXPECTED_WORDS[issue.expected] : undefined;
  if (method === 'tools/call' && (field === 'params' || field === 'params.name'))
    return 'Invalid params: tools/call needs params.name, the name of a tool (a string)';
  if (method === 'tools/call' && field === 'params.arguments')
    return "Invalid params: tools/call params.arguments must be an object of the tool's arguments";
  if (missing) return `Invalid params: ${method} needs ${field}${expected ? `, ${expected}` : ''}`;
  return `Invalid params: ${method} ${field} ${expected ? `must be ${expected}` : 'is invalid'}`;
}

/**
 * Decides what becomes of one incoming message: answered here (a malformed request), or passed on to the SDK.
 * Notifications and responses are never answered, whatever their shape: JSON-RPC forbids replying to them.
 */
function screenMessage(value: unknown): Screened {
  if (!isObject(value))
    return errorReply(
      null,
      ErrorCode.InvalidRequest,
      Array.isArray(value)
        ? 'Invalid request: batches are not supported, send one JSON-RPC object per message'
        : 'Invalid request: a JSON-RPC message must be an object',
    );
  const hasMethod = value.method !== undefined;
  if (!hasMethod && (value.result !== undefined || value.error !== undefined))
    return { forward: value as JSONRPCMessage }; // a response to a request of the server
  if (value.id === undefined) {
    if (typeof value.method === 'string') {
      // A notification: `params: null` is dropped so that the SDK still recognises it.
      const { params, ...rest } = value;
      return { forward: (params === null ? rest : value) as JSONRPCMessage };
    }
    return errorReply(
      null,
      ErrorCode.InvalidRequest,
      'Invalid request: it needs a method, a string',
    );
  }

  const parsedId = RequestIdSchema.safeParse(value.id);
  if (!parsedId.success)
    return errorReply(
      null,
      ErrorCode.InvalidRequest,
      'Invalid request: id must be a string or an integer',
    );
  const id = parsedId.data;
  if (value.jsonrpc !== '2.0')
    return errorReply(id, ErrorCode.InvalidRequest, 'Invalid request: jsonrpc must be "2.0"');
  if (typeof value.method !== 'string')
    return errorReply(id, ErrorCode.InvalidRequest, 'Invalid request: it needs a method, a string');
  const method = value.method;
  const params = value.params;
  if (params !== undefined && params !== null && !isObject(params))
    return errorReply(
      id,
      ErrorCode.InvalidParams,
      `Invalid params: ${method} params must be an object`,
    );
  // Rebuilt from the four JSON-RPC members: `params: null` means no params, and other members are dropped, since
  // the SDK's strict schema would otherwise ignore the whole request.
  const request = { jsonrpc: '2.0', id, method, ...(isObject(params) ? { params } : {}) };
  const checkers: Array<Checker | undefined> = [JSONRPCRequestSchema, REQUEST_SCHEMAS.get(method)];
  for (const checker of checkers) {
    const checked = checker?.safeParse(request);
    if (checked?.success === false)
      return errorReply(
        id,
        ErrorCode.InvalidParams,
        paramsMessage(method, request, checked.error?.issues[0]),
      );
  }
  return { forward: request as JSONRPCMessage };
}

/** Replaces an error message that is a dump (several lines, a stack, a zod issue list) by the code's standard text. */
function tidyOutgoing(message: JSONRPCMessage): JSONRPCMessage {
  if (!('error' in message)) return message;
  const text = message.error.message;
  if (typeof text === 'string' && text.length <= MAX_ERROR_MESSAGE && !/[\r\n]/.test(text))
    return message;
  const standard = STANDARD_MESSAGES.get(message.error.code) ?? 'Server error';
  return { ...message, error: { ...message.error, message: standard } };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Wraps the transport a server connects to, screening what comes in and tidying the errors that go out. */
class ScreeningTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(private readonly inner: Transport) {
    // Handlers already set on the inner transport are kept: the SDK chains the ones it finds.
    this.onclose = inner.onclose;
    this.onerror = inner.onerror;
    this.onmessage = inner.onmessage;
  }

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => this.receive(message, extra);
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(tidyOutgoing(message), options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  private receive(message: unknown, extra?: MessageExtraInfo): void {
    const screened = screenMessage(message);
    if ('forward' in screened) {
      this.onmessage?.(screened.forward, extra);
      return;
    }
    // The SDK's message type has no `id: null`; every transport just serialises what it is given.
    this.inner
      .send(screened.reply as unknown as JSONRPCMessage)
      .catch((error: unknown) => this.onerror?.(asError(error)));
  }
}

/** The SDK's low-level server, screening every transport it connects to. */
class ScreenedServer extends Server {
  override connect(transport: Transport): Promise<void> {
    return super.connect(new ScreeningTransport(transport));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Stdio. The SDK's stdio transport validates each line itself and drops, unanswered, any line that is not JSON or
// not a well-formed message, before a wrapper could see its id. This one only frames and parses lines, answers
// those that are not JSON with -32700, and leaves the rest to the screening above.
// ---------------------------------------------------------------------------------------------------------------

/** Longest line buffered while waiting for its end (the SDK's stdio limit). */
const MAX_LINE_BYTES = 10 * 1024 * 1024;

class LineStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  private pending: Buffer = Buffer.alloc(0);
  /** True while discarding the rest of a line that outgrew {@link MAX_LINE_BYTES}. */
  private skipping = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  private readonly onData = (chunk: Buffer): void => {
    let data = chunk;
    if (this.skipping) {
      const end = data.indexOf(10);
      if (end === -1) return;
      this.skipping = false;
      data = data.subarray(end + 1);
    }
    this.pending = this.pending.length === 0 ? data : Buffer.concat([this.pending, data]);
    for (let end = this.pending.indexOf(10); end !== -1; end = this.pending.indexOf(10)) {
      const line = this.pending.toString('utf8', 0, end);
      this.pending = this.pending.subarray(end + 1);
      this.receiveLine(line);
    }
    if (this.pending.length > MAX_LINE_BYTES) {
      this.pending = Buffer.alloc(0);
      this.skipping = true;
      this.reply(ErrorCode.InvalidRequest, 'Invalid request: a message is limited to 10 MB');
    }
  };

  private readonly onInputError = (error: Error): void => this.onerror?.(error);

  start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    // Pausing stdin lets the process exit, unless someone else still reads it.
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.pending = Buffer.alloc(0);
    this.onclose?.();
    return Promise.resolve();
  }

  private receiveLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return; // blank lines separate nothing and are not messages
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.reply(ErrorCode.ParseError, 'Parse error: the line is not valid JSON');
      return;
    }
    // Unchecked, as with the SDK's in-memory transport: the server's screening checks the shape.
    this.onmessage?.(value as JSONRPCMessage);
  }

  private reply(code: number, message: string): void {
    const reply: ErrorReply = { jsonrpc: '2.0', id: null, error: { code, message } };
    this.send(reply as unknown as JSONRPCMessage).catch((error: unknown) =>
      this.onerror?.(asError(error)),
    );
  }
}

/**
 * An MCP server exposing the six tools. It uses the SDK's low-level server so the tools keep their own JSON
 * schemas and their own argument validation (and its Chinese messages); tool failures come back as
 * `isError: true` results, never as protocol errors. Malformed requests get a JSON-RPC error with the standard
 * code (-32600 invalid request, -32602 invalid params, -32601 unknown method) and a one-line message, on any
 * transport; notifications never get a reply.
 */
export function createMcpServer(options: McpServerOptions = {}): Server {
  const context = options.context ?? createToolContext(options);
  const server = new ScreenedServer(
    { name: options.name ?? 'navworld-tools', version: WORLD_VERSION },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: toolDefinitions().map((t) => ({
      name: t.function.name,
      description: t.function.description,
      inputSchema: t.function.parameters,
    })),
  }));
  // The params were checked by the screening, so `name` is a string and `arguments` an object if present.
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const result = await callTool(request.params.name, request.params.arguments ?? {}, context);
    return {
      content: [{ type: 'text' as const, text: result.text }],
      isError: !result.ok,
      ...(result.ok ? {} : { _meta: { errorCode: result.errorCode } }),
    };
  });
  server.onclose = () => {
    if (options.context === undefined) context.close();
  };
  return server;
}

/**
 * Starts the tools' MCP server on stdin/stdout; resolves once connected, with a function to stop it. Each line
 * of stdin is one message; a line that is not JSON is answered with -32700 and `id: null`.
 */
export async function startMcpStdioServer(
  options: McpServerOptions = {},
): Promise<{ server: Server; close: () => Promise<void> }> {
  const server = createMcpServer(options);
  await server.connect(new LineStdioTransport());
  return { server, close: () => server.close() };
}
