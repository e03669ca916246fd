// Malformed JSON-RPC traffic sent raw to the MCP server, over stdio from a separate process and in memory.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { PingRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { epochAt } from '@navworld/core-types';
import { createMcpServer } from '../src/index';
import { childBundle } from './helpers';

interface Reply {
  jsonrpc?: string;
  id?: string | number | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** One raw line sent to the server and what must come back for its id. */
interface Case {
  id: string;
  line: string;
  code?: number;
  ok?: (result: Record<string, unknown>) => void;
}

const req = (id: string, method: unknown, params?: unknown): string =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
const weatherCall = (id: string): string =>
  req(id, 'tools/call', { name: 'weather', arguments: { city: '成都' } });
const hasText = (fragment: string) => (result: Record<string, unknown>) => {
  expect(result.isError).toBe(false);
  expect((result.content as Array<{ text: string }>)[0]!.text).toContain(fragment);
};

// Requests with a usable id: each must get exactly one reply carrying that id.
const CASES: Case[] = [
  { id: 'name-number', line: req('name-number', 'tools/call', { name: 5 }), code: -32602 },
  {
    id: 'arguments-string',
    line: req('arguments-string', 'tools/call', { name: 'weather', arguments: 'x' }),
    code: -32602,
  },
  {
    id: 'arguments-array',
    line: req('arguments-array', 'tools/call', { name: 'weather', arguments: ['成都'] }),
    code: -32602,
  },
  { id: 'name-missing', line: req('name-missing', 'tools/call', { arguments: {} }), code: -32602 },
  { id: 'call-no-params', line: req('call-no-params', 'tools/call'), code: -32602 },
  { id: 'call-null-params', line: req('call-null-params', 'tools/call', null), code: -32602 },
  { id: 'call-string-params', line: req('call-string-params', 'tools/call', 'x'), code: -32602 },
  {
    id: 'list-null-params',
    line: req('list-null-params', 'tools/list', null),
    ok: (r) => expect(r.tools).toHaveLength(6),
  },
  { id: 'list-array-params', line: req('list-array-params', 'tools/list', []), code: -32602 },
  {
    id: 'ping-null-params',
    line: req('ping-null-params', 'ping', null),
    ok: (r) => expect(r).toEqual({}),
  },
  { id: 'ping-bad-meta', line: req('ping-bad-meta', 'ping', { _meta: 5 }), code: -32602 },
  { id: 'init-empty', line: req('init-empty', 'initialize', {}), code: -32602 },
  { id: 'unknown-method', line: req('unknown-method', 'resources/list'), code: -32601 },
  { id: 'unknown-null', line: req('unknown-null', 'resources/list', null), code: -32601 },
  {
    id: 'extra-member',
    line: JSON.stringify({ jsonrpc: '2.0', id: 'extra-member', method: 'ping', extra: 1 }),
    ok: (r) => expect(r).toEqual({}),
  },
  {
    id: 'old-version',
    line: JSON.stringify({ jsonrpc: '1.0', id: 'old-version', method: 'ping' }),
    code: -32600,
  },
  {
    id: 'no-version',
    line: JSON.stringify({ id: 'no-version', method: 'ping' }),
    code: -32600,
  },
  { id: 'method-number', line: req('method-number', 5), code: -32600 },
  {
    id: 'no-method',
    line: JSON.stringify({ jsonrpc: '2.0', id: 'no-method', params: {} }),
    code: -32600,
  },
  { id: 'good-after', line: weatherCall('good-after'), ok: hasText('城市: 成都') },
];

// Lines whose id is missing or unusable: each must get one reply with `id: null`.
const NULL_ID_CASES: Array<{ line: string; code: number }> = [
  { line: '42', code: -32600 },
  { line: '[]', code: -32600 },
  { line: '"ping"', code: -32600 },
  { line: 'null', code: -32600 },
  { line: JSON.stringify({ jsonrpc: '2.0', id: { n: 1 }, method: 'ping' }), code: -32600 },
  { line: JSON.stringify({ jsonrpc: '2.0', id: 1.5, method: 'ping' }), code: -32600 },
  { line: JSON.stringify({ jsonrpc: '2.0', method: 7 }), code: -32600 },
];

// Notifications (no id): never answered, whatever their method or params.
const NOTIFICATIONS = [
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized', params: null }),
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/unknown', params: { a: 1 } }),
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: 'x' }),
];

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1.0.0' },
  },
});

/** A short, single-line message: no zod issue dump, no stack frame. */
function expectShortMessage(message: string): void {
  expect(typeof message).toBe('string');
  expect(message.length).toBeGreaterThan(5);
  expect(message.length).toBeLessThanOrEqual(160);
  expect(message).not.toContain('\n');
  expect(message).not.toMatch(
    /Zod|"code":|"path":|expected":|\bat \S+ \(|\bat file:|node:internal/,
  );
}

function checkReplies(replies: Reply[], parseErrors: number): void {
  const byId = new Map<string | number | null | undefined, Reply[]>();
  for (const reply of replies) byId.set(reply.id, [...(byId.get(reply.id) ?? []), reply]);
  for (const c of CASES) {
    const got = byId.get(c.id) ?? [];
    expect(got, c.id).toHaveLength(1);
    const reply = got[0]!;
    expect(reply.jsonrpc, c.id).toBe('2.0');
    if (c.code === undefined) {
      expect(reply.error, c.id).toBeUndefined();
      c.ok!(reply.result!);
    } else {
      expect(reply.result, c.id).toBeUndefined();
      expect(reply.error?.code, c.id).toBe(c.code);
      expectShortMessage(reply.error!.message);
    }
  }
  const nulls = byId.get(null) ?? [];
  const expected = [
    ...Array.from({ length: parseErrors }, () => -32700),
    ...NULL_ID_CASES.map((c) => c.code),
  ].sort();
  expect(nulls.map((r) => r.error?.code).sort()).toEqual(expected);
  for (const reply of nulls) expectShortMessage(reply.error!.message);
  // Nothing else: no reply without an id (which is what a reply to a notification would look like), none twice.
  expect(byId.get(undefined)).toBeUndefined();
  const known = new Set<unknown>([null, 'init', ...CASES.map((c) => c.id)]);
  expect([...byId.keys()].filter((k) => !known.has(k))).toEqual([]);
}

function expectMessages(
  messages: Reply[],
  ids: Array<string | number | null>,
  timeoutMs: number,
): Promise<void> {
  const done = (): boolean => ids.every((id) => messages.some((m) => m.id === id));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = (): void => {
      if (done()) resolve();
      else if (Date.now() - started > timeoutMs)
        reject(
          new Error(
            `no reply for ${JSON.stringify(ids.filter((id) => !messages.some((m) => m.id === id)))}`,
          ),
        );
      else setTimeout(tick, 10);
    };
    tick();
  });
}

const settle = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('MCP server with malformed requests', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /** Connects a server to an in-memory client side that records every reply; the server is closed after the test. */
  async function connectInMemory(
    server: ReturnType<typeof createMcpServer>,
  ): Promise<{ clientSide: InMemoryTransport; replies: Reply[] }> {
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const replies: Reply[] = [];
    clientSide.onmessage = (message) => void replies.push(message);
    await clientSide.start();
    await server.connect(serverSide);
    cleanups.push(() => server.close());
    return { clientSide, replies };
  }

  /** The CLI's MCP server in a fresh Node process, fed raw lines on stdin; its stdout lines are parsed. */
  function spawnServer(): {
    write: (text: string) => void;
    send: (line: string) => void;
    replies: Reply[];
    stray: string[];
    stderr: () => string;
  } {
    const child = spawn(process.execPath, [childBundle(), 'mcp', '""'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.kill());
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const replies: Reply[] = [];
    const stray: string[] = [];
    createInterface({ input: child.stdout }).on('line', (line) => {
      try {
        replies.push(JSON.parse(line) as Reply);
      } catch {
        stray.push(line);
      }
    });
    const write = (text: string): void => void child.stdin.write(text);
    return { write, send: (line) => write(`${line}\n`), replies, stray, stderr: () => stderr };
  }

  it('answers every request over stdio exactly once, with the right error code', async () => {
    const { write, send, replies, stray, stderr } = spawnServer();
    send(INITIALIZE);
    await expectMessages(replies, ['init'], 20_000);
    const badJson = ['{"jsonrpc":"2.0","id":"cut",', 'not json at all', '{"a":1}}'];
    for (const line of badJson) send(line);
    send(''); // a blank line is not a message: no reply
    for (const line of NOTIFICATIONS) send(line);
    for (const c of NULL_ID_CASES) send(c.line);
    for (const c of CASES) send(c.line);
    // A request split across writes and a CRLF line end still work.
    const split = weatherCall('split');
    write(split.slice(0, 20));
    write(`${split.slice(20)}\r\n`);

    await expectMessages(replies, [...CASES.map((c) => c.id), 'split'], 20_000);
    await settle(300);
    hasText('城市: 成都')(replies.find((r) => r.id === 'split')!.result!);
    checkReplies(
      replies.filter((r) => r.id !== 'split'),
      badJson.length,
    );
    expect(stray).toEqual([]);
    expect(stderr()).toBe('');

    // Still serving after all that.
    send(weatherCall('last'));
    await expectMessages(replies, ['last'], 20_000);
    hasText('城市: 成都')(replies.find((r) => r.id === 'last')!.result!);
  });

  it('answers a line over 10 MB once with -32600 and reads on after its end', async () => {
    const { write, send, replies, stderr } = spawnServer();
    const chunk = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 11; i++) write(chunk);
    write(`${chunk}\n`);
    send(weatherCall('after-big'));
    await expectMessages(replies, ['after-big'], 30_000);
    hasText('城市: 成都')(replies.find((r) => r.id === 'after-big')!.result!);
    await settle(200);
    expect(replies.filter((r) => r.id !== 'after-big').map((r) => [r.id, r.error?.code])).toEqual([
      [null, -32600],
    ]);
    expectShortMessage(replies[0]!.error!.message);
    expect(stderr()).toBe('');
  });

  it('answers every request in memory exactly once, with the right error code', async () => {
    const server = createMcpServer({ epoch: epochAt(Date.UTC(2025, 4, 1), { salt: 'raw' }) });
    const errors: Error[] = [];
    server.onerror = (error) => errors.push(error);
    const { clientSide, replies } = await connectInMemory(server);
    const send = (line: string): Promise<void> =>
      clientSide.send(JSON.parse(line) as JSONRPCMessage);

    await send(INITIALIZE);
    for (const line of NOTIFICATIONS) await send(line);
    for (const c of NULL_ID_CASES) await send(c.line);
    for (const c of CASES) await send(c.line);
    await expectMessages(
      replies,
      CASES.map((c) => c.id),
      20_000,
    );
    await settle(100);
    checkReplies(replies, 0);
    // A malformed notification is reported to the server's onerror, never answered.
    expect(errors.length).toBeGreaterThan(0);

    await send(weatherCall('last'));
    await expectMessages(replies, ['last'], 5_000);
    hasText('城市: 成都')(replies.find((r) => r.id === 'last')!.result!);
  });

  it('replaces an error message that is a dump or a stack by the standard text', async () => {
    const server = createMcpServer({ epoch: epochAt(Date.UTC(2025, 4, 1), { salt: 'raw' }) });
    // A handler whose error message is its own stack trace, as a careless one might throw.
    server.setRequestHandler(PingRequestSchema, () => {
      const error = new Error('ping failed');
      error.message = error.stack ?? 'ping failed\n    at nowhere';
      throw error;
    });
    const { clientSide, replies } = await connectInMemory(server);

    await clientSide.send({ jsonrpc: '2.0', id: 'stack', method: 'ping' });
    await clientSide.send({
      jsonrpc: '2.0',
      id: 'fine',
      method: 'tools/call',
      params: { name: 5 },
    });
    await expectMessages(replies, ['stack', 'fine'], 5_000);
    expect(replies.find((r) => r.id === 'stack')!.error).toEqual({
      code: -32603,
      message: 'Internal error',
    });
    // Short one-line messages are left alone.
    expect(replies.find((r) => r.id === 'fine')!.error?.message).toContain('params.name');
  });
});
