import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startScriptedOpenAIServer,
  UnconsumedResponsesError,
  UnexpectedCallError,
  type ScriptedOpenAIServer,
  type ScriptedOpenAIServerOptions,
} from '../src/testing';

let server: ScriptedOpenAIServer | undefined;

async function start(
  options: ScriptedOpenAIServerOptions,
): Promise<{ s: ScriptedOpenAIServer; client: OpenAI }> {
  server = await startScriptedOpenAIServer(options);
  const client = new OpenAI({
    baseURL: server.url,
    apiKey: 'test-key',
    maxRetries: 0,
    timeout: 5000,
  });
  return { s: server, client };
}

afterEach(async () => {
  await server?.close();
  server = undefined;
});

const messages = [{ role: 'user' as const, content: '你好' }];

describe('startScriptedOpenAIServer', () => {
  it('serves a non-streaming completion with usage and records the request', async () => {
    const { s, client } = await start({
      script: [{ content: '{"logic": 7}', usage: { promptTokens: 120, completionTokens: 30 } }],
    });
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const completion = await client.chat.completions.create({
      model: 'judge-a',
      messages,
      temperature: 0,
    });
    expect(completion.choices[0]?.message.content).toBe('{"logic": 7}');
    expect(completion.choices[0]?.finish_reason).toBe('stop');
    expect(completion.model).toBe('judge-a');
    expect(completion.usage).toEqual({
      prompt_tokens: 120,
      completion_tokens: 30,
      total_tokens: 150,
    });
    expect(s.requests).toHaveLength(1);
    const req = s.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer test-key');
    expect(req.body).toMatchObject({ model: 'judge-a', temperature: 0, messages });
    expect(req.stream).toBe(false);
    s.assertConsumed();
  });

  it('returns tool calls non-streaming', async () => {
    const { client } = await start({
      script: [{ toolCalls: [{ name: 'weather', arguments: { city: '杭州' } }] }],
    });
    const completion = await client.chat.completions.create({ model: 'm', messages });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe('tool_calls');
    const call = choice.message.tool_calls?.[0];
    expect(call?.type).toBe('function');
    if (call?.type !== 'function') throw new Error('expected a function call');
    expect(call.id).toBe('call_0_0');
    expect(call.function.name).toBe('weather');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: '杭州' });
  });

  it('streams content and tool-call deltas through the SDK stream helper', async () => {
    const { s, client } = await start({
      script: [
        {
          content: '我先查一下杭州的天气，然后再安排行程。',
          chunkSize: 4,
          toolCalls: [
            { id: 'call_w', name: 'weather', arguments: '{"city":"杭州"}' },
            { name: 'poi_search', arguments: { keywords: '西湖', city: '杭州' } },
          ],
          usage: { promptTokens: 50, completionTokens: 20 },
        },
      ],
    });
    const stream = client.chat.completions.stream({
      model: 'm',
      messages,
      stream_options: { include_usage: true },
    });
    let chunks = 0;
    stream.on('chunk', () => {
      chunks++;
    });
    const final = await stream.finalChatCompletion();
    const message = final.choices[0]!.message;
    expect(message.content).toBe('我先查一下杭州的天气，然后再安排行程。');
    expect(message.tool_calls?.map((c) => (c.type === 'function' ? c.function.name : ''))).toEqual([
      'weather',
      'poi_search',
    ]);
    const second = message.tool_calls?.[1];
    if (second?.type !== 'function') throw new Error('expected a function call');
    expect(JSON.parse(second.function.arguments)).toEqual({ keywords: '西湖', city: '杭州' });
    expect(message.tool_calls?.[0]?.id).toBe('call_w');
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
    expect(final.usage).toMatchObject({ prompt_tokens: 50, completion_tokens: 20 });
    expect(chunks).toBeGreaterThan(5);
    expect(s.requests[0]!.stream).toBe(true);
  });

  it('streams raw chunks with create({ stream: true }) and ends with [DONE]', async () => {
    const { client } = await start({ script: [{ content: 'abcdefghij', chunkSize: 3 }] });
    const stream = await client.chat.completions.create({ model: 'm', messages, stream: true });
    const pieces: string[] = [];
    let finish: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      if (choice?.delta.content) pieces.push(choice.delta.content);
      if (choice?.finish_reason) finish = choice.finish_reason;
    }
    expect(pieces).toEqual(['abc', 'def', 'ghi', 'j']);
    expect(finish).toBe('stop');
  });

  it('injects HTTP errors with OpenAI error bodies', async () => {
    const { client } = await start({
      script: [{ status: 429 }, { status: 500, errorMessage: 'boom' }],
    });
    await expect(client.chat.completions.create({ model: 'm', messages })).rejects.toBeInstanceOf(
      OpenAI.RateLimitError,
    );
    const error: unknown = await client.chat.completions
      .create({ model: 'm', messages })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain('boom');
  });

  it('delays long enough to trip a client timeout', async () => {
    const { client } = await start({ script: [{ content: 'late', delayMs: 2000 }] });
    await expect(
      client.chat.completions.create({ model: 'm', messages }, { timeout: 100 }),
    ).rejects.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });

  it('cuts a stream before content and after N chunks', async () => {
    const { client } = await start({
      script: [
        { content: 'x'.repeat(40), cutStream: 'before-content' },
        { content: 'y'.repeat(40), chunkSize: 4, cutStream: { afterChunks: 2 } },
      ],
    });
    await expect(
      client.chat.completions.stream({ model: 'm', messages }).finalChatCompletion(),
    ).rejects.toThrow();
    const seen: string[] = [];
    const stream = await client.chat.completions.create({ model: 'm', messages, stream: true });
    await expect(
      (async () => {
        for await (const chunk of stream) {
          const c = chunk.choices[0]?.delta.content;
          if (c) seen.push(c);
        }
      })(),
    ).rejects.toThrow();
    expect(seen).toEqual(['yyyy', 'yyyy']);
  });

  it('answers a malformed body', async () => {
    const { client } = await start({ script: [{ content: 'x', malformed: true }] });
    await expect(client.chat.completions.create({ model: 'm', messages })).rejects.toThrow();
  });

  it('uses a handler after the script and lists models', async () => {
    const { s, client } = await start({
      script: [{ content: 'first' }],
      handler: (request, index) => ({
        content: `handled ${index} ${(request.body as { model: string }).model}`,
      }),
      models: ['a', 'b'],
    });
    const one = await client.chat.completions.create({ model: 'm1', messages });
    const two = await client.chat.completions.create({ model: 'm2', messages });
    expect(one.choices[0]?.message.content).toBe('first');
    expect(two.choices[0]?.message.content).toBe('handled 1 m2');
    const list = await client.models.list();
    expect(list.data.map((m) => m.id)).toEqual(['a', 'b']);
    expect(s.requests.map((r) => r.index)).toEqual([0, 1, -1]);
  });

  it('reports unexpected calls and unconsumed responses', async () => {
    const { s, client } = await start({ script: [] });
    const error: unknown = await client.chat.completions
      .create({ model: 'm', messages })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as Error).message).toContain('unexpected chat-completion request #0');
    expect(s.requests[0]?.unexpected).toBe(true);
    expect(() => s.assertConsumed()).toThrow(UnexpectedCallError);

    await s.close();
    const { s: s2 } = await start({ script: [{ content: 'never' }] });
    expect(s2.remaining()).toBe(1);
    expect(() => s2.assertConsumed()).toThrow(UnconsumedResponsesError);
  });

  it('rejects invalid scripts at the boundary', async () => {
    await expect(startScriptedOpenAIServer({ script: [{ status: 200 }] })).rejects.toThrow(
      /invalid scripted server options/,
    );
  });
});
