import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { generateProblem } from '@navworld/taskgen';
import {
  MAX_REPLY_CHARS,
  createEnvironment,
  type Environment,
  type EvaluateOptions,
} from '../src/index';
import {
  startScriptedOpenAIServer,
  type ScriptedOpenAIServer,
  type ScriptedResponse,
} from '../src/testing';
import { FIXED_NOW, GENERIC_PLAN, assertValidConversation } from './helpers/episode';
import {
  startFakeModel,
  unavailableForAnHour,
  type FakeAnswer,
  type FakeModel,
} from './helpers/fake-model';

const TASK = 1;
const problem = generateProblem(TASK);
const city = problem.destinationCity;
const noSleep = (): Promise<void> => Promise.resolve();

let env: Environment;
let server: ScriptedOpenAIServer | undefined;

beforeAll(() => {
  env = createEnvironment({ salt: 'agent-tests', now: FIXED_NOW, env: {} });
});
afterAll(async () => {
  await env.close();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(
  script: ScriptedResponse[] | ((body: Record<string, unknown>, index: number) => ScriptedResponse),
  options: Partial<EvaluateOptions> = {},
) {
  server = await startScriptedOpenAIServer(
    Array.isArray(script)
      ? { script }
      : { handler: (request, index) => script(request.body as Record<string, unknown>, index) },
  );
  const result = await env.evaluate({
    model: 'scripted-model',
    baseUrl: server.url,
    apiKey: 'test-key',
    taskId: TASK,
    sleep: noSleep,
    ...options,
  });
  return { result, requests: server.requests.filter((r) => r.index >= 0) };
}

const poiCall = { name: 'poi_search', arguments: { address: '景点', region: city } };
const weatherCall = { name: 'weather', arguments: { city } };

describe('evaluate over real HTTP', () => {
  it('runs a full good episode: tools, plan, score, usage, settings on the wire', async () => {
    const { result, requests } = await run(
      [{ content: '', toolCalls: [poiCall, weatherCall] }, { content: GENERIC_PLAN }],
      { temperature: 0.3, maxTokens: 1234 },
    );
    expect(result.validForScoring).toBe(true);
    expect(result.outcome).toBe('completed');
    expect(result.error).toBeNull();
    expect(result.trace.map((t) => t.name)).toEqual(['poi_search', 'weather']);
    expect(result.trace.every((t) => t.ok)).toBe(true);
    expect(result.answer).toBe(GENERIC_PLAN);
    expect(result.breakdown).not.toBeNull();
    expect(result.total).toBe(result.breakdown!.total);
    expect(result.score).toBeCloseTo(result.total / 100, 10);
    expect(result.stepRewards).toHaveLength(2);
    expect(assertValidConversation(result.messages)).toBeNull();
    // Two calls, 10 prompt tokens each (the scripted default).
    expect(result.usage.promptTokens).toBe(20);
    expect(result.usage.totalTokens).toBe(
      result.usage.promptTokens + result.usage.completionTokens,
    );
    expect(requests).toHaveLength(2);
    const first = requests[0]!.body as Record<string, unknown>;
    expect(first['temperature']).toBe(0.3);
    expect(first['max_tokens']).toBe(1234);
    expect(first['stream']).toBe(true);
    expect(first['stream_options']).toEqual({ include_usage: true });
    expect(Array.isArray(first['tools'])).toBe(true);
    expect(result.problem.taskId).toBe(TASK);
    expect(result.versions.scorer).toBeTruthy();
  });

  it('answers malformed tool-call JSON with an error result and carries on', async () => {
    const { result } = await run([
      { toolCalls: [{ name: 'poi_search', arguments: '{"address": "景点", ' }] },
      { content: GENERIC_PLAN },
    ]);
    expect(result.validForScoring).toBe(true);
    expect(result.trace).toHaveLength(1);
    expect(result.trace[0]!.ok).toBe(false);
    expect(result.trace[0]!.rawArguments).toBe('{"address": "景点", ');
    expect(assertValidConversation(result.messages)).toBeNull();
  });

  it('answers an unknown tool with an error result', async () => {
    const { result } = await run([
      { toolCalls: [{ name: 'teleport', arguments: {} }] },
      { content: GENERIC_PLAN },
    ]);
    expect(result.trace[0]!.name).toBe('teleport');
    expect(result.trace[0]!.ok).toBe(false);
    expect(result.trace[0]!.errorCode).toBe('UNKNOWN_TOOL');
    expect(result.validForScoring).toBe(true);
    expect(result.truncated).toBe(false);
  });

  it('cuts a reply that streams past the reply budget, as at the token limit', async () => {
    const endless = GENERIC_PLAN + '很'.repeat(MAX_REPLY_CHARS + 50_000);
    const { result } = await run([{ content: endless, chunkSize: 65_536 }]);
    expect(result.answer.length).toBe(MAX_REPLY_CHARS);
    expect(result.answer.startsWith(GENERIC_PLAN)).toBe(true);
    expect(result['turnEndReason']).toBe('length');
    expect(result.validForScoring).toBe(true);
  });

  it('forces the final answer after 15 tool steps (16th call dropped, tools disabled)', async () => {
    const { result, requests } = await run((body, index) =>
      body['tools'] === undefined
        ? { content: GENERIC_PLAN }
        : { toolCalls: [{ name: 'weather', arguments: { city, n: index } }] },
    );
    expect(requests).toHaveLength(17);
    expect(result.trace).toHaveLength(15);
    // The weather budget is 3: later calls are refused without running.
    expect(result.trace.filter((t) => t.errorCode === 'TOOL_BUDGET_EXCEEDED')).toHaveLength(12);
    expect(result['turnEndReason']).toBe('max_steps');
    expect(result['phase2']).toBe(true);
    expect(result.truncated).toBe(true);
    const last = requests[16]!.body as Record<string, unknown>;
    expect(last['tools']).toBeUndefined();
    const messages = last['messages'] as Array<{ role: string; content: string }>;
    expect(messages.at(-1)!.role).toBe('user');
    expect(result.answer).toBe(GENERIC_PLAN);
    expect(assertValidConversation(result.messages)).toBeNull();
  });

  it('never takes a tool-call preamble as the answer', async () => {
    const preamble = '好的，我先查询一下景点信息。';
    const { result } = await run([
      { content: preamble, toolCalls: [poiCall] },
      { content: GENERIC_PLAN },
    ]);
    expect(result.answer).toBe(GENERIC_PLAN);
    const assistant = result.messages.find((m) => m.role === 'assistant' && m.tool_calls);
    expect(assistant?.content).toBe(preamble);
    expect(result['phase2']).toBe(false);
  });

  it('sends the final-answer prompt without tools after an empty answer', async () => {
    const { result, requests } = await run([
      { toolCalls: [poiCall] },
      { content: '' },
      { content: GENERIC_PLAN },
    ]);
    expect(requests).toHaveLength(3);
    expect((requests[2]!.body as Record<string, unknown>)['tools']).toBeUndefined();
    expect(result['phase2']).toBe(true);
    expect(result.answer).toBe(GENERIC_PLAN);
    expect(result.validForScoring).toBe(true);
  });

  it('sends the final-answer prompt after a short natural answer', async () => {
    const { result } = await run([{ content: '去看看景点吧。' }, { content: GENERIC_PLAN }]);
    expect(result['phase2']).toBe(true);
    expect(result.answer).toBe(GENERIC_PLAN);
  });

  it('retries a stream cut before visible content and succeeds', async () => {
    const { result, requests } = await run([
      { cutStream: 'before-content' },
      { content: GENERIC_PLAN },
    ]);
    expect(requests).toHaveLength(2);
    expect(result.validForScoring).toBe(true);
    expect(result['retries']).toBe(1);
    expect(result['dispatches']).toBe(1);
  });

  it('re-dispatches once after a cut after visible content, then gives up as invalid', async () => {
    const cut: ScriptedResponse = { content: GENERIC_PLAN, cutStream: { afterChunks: 2 } };
    const { result, requests } = await run([cut, cut]);
    expect(requests).toHaveLength(2);
    expect(result['dispatches']).toBe(2);
    expect(result['retries']).toBe(0);
    expect(result.validForScoring).toBe(false);
    expect(result.outcome).toBe('infra_error');
    expect(result.error).toMatch(/^MODEL_ERROR: /);
    expect(result.total).toBe(0);
    expect(result.success).toBe(false);
  });

  it('recovers with the re-dispatch when the second run succeeds', async () => {
    const { result } = await run([
      { content: GENERIC_PLAN, cutStream: { afterChunks: 1 } },
      { content: GENERIC_PLAN },
    ]);
    expect(result['dispatches']).toBe(2);
    expect(result.validForScoring).toBe(true);
  });

  it('retries a 429 and succeeds, honouring Retry-After', async () => {
    const waits: number[] = [];
    const { result } = await run(
      [{ status: 429, headers: { 'retry-after': '1' } }, { content: GENERIC_PLAN }],
      {
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    );
    expect(result.validForScoring).toBe(true);
    expect(waits).toEqual([1000]);
  });

  it('backs off 2 s doubling and gives up after 3 retries of 5xx', async () => {
    const waits: number[] = [];
    const { result, requests } = await run(
      [{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }],
      {
        redispatch: false,
        sleep: (ms) => {
          waits.push(ms);
          return Promise.resolve();
        },
      },
    );
    expect(requests).toHaveLength(4);
    expect(waits).toEqual([2000, 4000, 8000]);
    expect(result.validForScoring).toBe(false);
    expect(result.error).toMatch(/^MODEL_ERROR: HTTP 503/);
  });

  it('ends a call at its deadline as a timeout (invalid, not a 0 for the model)', async () => {
    const { result } = await run([{ content: GENERIC_PLAN, delayMs: 3000 }], {
      callTimeoutMs: 150,
      maxRetries: 0,
      redispatch: false,
    });
    expect(result.outcome).toBe('timeout');
    expect(result.validForScoring).toBe(false);
    expect(result.error).toMatch(/^MODEL_TIMEOUT: /);
  });

  it('caps the whole task with the per-task timeout', async () => {
    const { result } = await run(() => ({ content: GENERIC_PLAN, delayMs: 5000 }), {
      timeoutMs: 200,
    });
    expect(result.outcome).toBe('timeout');
    expect(result.validForScoring).toBe(false);
    expect(result['dispatches']).toBe(1);
  });

  it('scores a context-length refusal as a valid 0', async () => {
    const { result } = await run([
      {
        status: 400,
        errorCode: 'context_length_exceeded',
        errorMessage: 'maximum context length exceeded',
      },
    ]);
    expect(result.outcome).toBe('model_failure');
    expect(result.validForScoring).toBe(true);
    expect(result.total).toBe(0);
    expect(result.error).toBeNull();
  });

  it('scores a missing final answer as a valid 0', async () => {
    const { result } = await run([{ content: '' }, { content: '   ' }]);
    expect(result.outcome).toBe('no_final_answer');
    expect(result.validForScoring).toBe(true);
    expect(result.total).toBe(0);
  });

  it('reports an unreachable endpoint as an infrastructure failure', async () => {
    const result = await env.evaluate({
      model: 'm',
      baseUrl: 'http://127.0.0.1:9/v1',
      apiKey: 'k',
      taskId: TASK,
      sleep: noSleep,
    });
    expect(result.validForScoring).toBe(false);
    expect(result.outcome).toBe('infra_error');
    expect(result.error).toMatch(/^MODEL_ERROR: cannot reach/);
    expect(result['dispatches']).toBe(2);
  });

  it('rejects bad options with a validation error', async () => {
    await expect(
      env.evaluate({ model: '', baseUrl: 'not a url', apiKey: 'k', taskId: -1 }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    // Only an http(s) endpoint can answer: another scheme is refused before any episode opens.
    await expect(
      env.evaluate({ model: 'm', baseUrl: 'ftp://x', apiKey: 'k', taskId: TASK }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('http(s)'),
    });
  });

  it('stops when its signal aborts: no retry, no re-dispatch, no result', async () => {
    const stop = new AbortController();
    // The endpoint fails the first request, and the caller stops the run as it does.
    server = await startScriptedOpenAIServer({
      handler: () => {
        stop.abort();
        return { status: 503 };
      },
    });
    const options = {
      model: 'scripted-model',
      baseUrl: server.url,
      apiKey: 'test-key',
      taskId: TASK,
      maxRetries: 10,
      sleep: noSleep,
      signal: stop.signal,
    };
    await expect(env.evaluate(options)).rejects.toMatchObject({
      code: 'SHUTTING_DOWN',
      message: `the evaluation of task ${TASK} was stopped by its abort signal`,
    });
    expect(server.requests.filter((r) => r.index >= 0)).toHaveLength(1);
    // Aborted before it starts, it sends nothing.
    await expect(env.evaluate(options)).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(server.requests.filter((r) => r.index >= 0)).toHaveLength(1);
  });

  it('cancels the model request in flight when its signal aborts', async () => {
    const stop = new AbortController();
    // The endpoint holds the request far past the test's own timeout; the abort must end the wait.
    server = await startScriptedOpenAIServer({
      handler: () => {
        setImmediate(() => stop.abort());
        return { delayMs: 600_000, content: GENERIC_PLAN };
      },
    });
    await expect(
      env.evaluate({
        model: 'scripted-model',
        baseUrl: server.url,
        apiKey: 'test-key',
        taskId: TASK,
        signal: stop.signal,
      }),
    ).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
    expect(server.requests.filter((r) => r.index >= 0)).toHaveLength(1);
  });

  it('leaves no episodes behind', () => {
    expect(env.stats().episodes).toBe(0);
  });
});

describe('stopping a run with a signal', () => {
  const stopEnv = createEnvironment({ salt: 'agent-stop-tests', now: FIXED_NOW, env: {} });
  let model: FakeModel | undefined;
  afterEach(async () => {
    await model?.close();
    model = undefined;
  });
  afterAll(async () => {
    await stopEnv.close();
  });

  /** Runs against a fake model, aborts once `stopWhen` resolves, and expects the run to reject with the reason. */
  async function stopRun(
    answer: (index: number) => FakeAnswer,
    stopWhen: (model: FakeModel) => Promise<void>,
  ): Promise<FakeModel> {
    const fake = await startFakeModel(answer);
    model = fake;
    const controller = new AbortController();
    const reason = new Error('stop now');
    const settled = stopEnv
      .evaluate({
        model: 'fake',
        baseUrl: fake.url,
        apiKey: 'k',
        taskId: TASK,
        maxRetryAfterMs: 3_600_000,
        signal: controller.signal,
      })
      .then(
        () => 'resolved',
        (error: unknown) => error,
      );
    await stopWhen(fake);
    controller.abort(reason);
    expect(await settled).toBe(reason);
    return fake;
  }

  it('cancels the model call in flight and rejects with the reason, calling the model no more', async () => {
    const fake = await stopRun(
      () => 'hold',
      (m) => m.arrived(1),
    );
    // The client gave the held request up (the fake is still open, so nothing else closed it).
    await fake.abandoned;
    // The run has ended: every call it made is counted.
    expect(fake.requests).toBe(1);
    expect(stopEnv.stats().episodes).toBe(0);
  });

  it('ends a wait between retries at once, without the retry', async () => {
    // The endpoint asks for an hour's pause; the stop comes during it.
    const fake = await stopRun(
      () => unavailableForAnHour,
      (m) => m.answered,
    );
    expect(fake.requests).toBe(1);
    expect(stopEnv.stats().episodes).toBe(0);
  });

  it('refuses to start once the signal is aborted', async () => {
    const reason = new Error('already stopped');
    const created = stopEnv.stats().created;
    await expect(
      stopEnv.evaluate({
        model: 'fake',
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKey: 'k',
        taskId: TASK,
        signal: AbortSignal.abort(reason),
      }),
    ).rejects.toBe(reason);
    expect(stopEnv.stats().created).toBe(created);
  });
});
