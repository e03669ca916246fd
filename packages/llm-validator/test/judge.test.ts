import { afterEach, describe, expect, it } from 'vitest';
import { JudgeResultSchema, type JudgeInput } from '@navworld/core-types';
import {
  createJudge,
  createMemoryJudgeCache,
  type JudgeCache,
  type JudgeOptions,
} from '../src/index';
import {
  startScriptedOpenAIServer,
  type ScriptedOpenAIServer,
  type ScriptedResponse,
} from '../src/testing';
import { intercityEpisode } from './fixtures/episodes';

let server: ScriptedOpenAIServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Scores = [number, number, number, number, number];

/** A verdict reply with scores in the fixed dimension order. */
function verdict([p, a, l, u, f]: Scores): string {
  return JSON.stringify({
    practicality: { score: p, reason: '实用' },
    analysis_depth: { score: a, reason: '分析' },
    logic: { score: l, reason: '逻辑' },
    user_experience: { score: u, reason: '体验' },
    factual_grounding: { score: f, reason: '依据' },
  });
}

async function setup(
  script: ScriptedResponse[],
  options: Partial<JudgeOptions> = {},
): Promise<{ s: ScriptedOpenAIServer; judge: ReturnType<typeof createJudge> }> {
  server = await startScriptedOpenAIServer({ script });
  const judge = createJudge({
    baseUrl: server.url,
    apiKey: 'judge-key',
    models: ['judge-a', 'judge-b'],
    backoffMs: [1, 2],
    timeoutMs: 2000,
    env: {},
    ...options,
  });
  return { s: server, judge };
}

function promptOf(s: ScriptedOpenAIServer, i: number): string {
  const body = s.requests[i]?.body as { messages: Array<{ content: string }> };
  return body.messages[0]?.content ?? '';
}

describe('createJudge', () => {
  it('scores a well-formed verdict with one call at temperature 0 and records usage', async () => {
    const { s, judge } = await setup([
      { content: verdict([6, 5, 7, 6, 8]), usage: { promptTokens: 3000, completionTokens: 200 } },
    ]);
    const result = await judge.judge(intercityEpisode);
    expect(JudgeResultSchema.parse(result)).toBeTruthy();
    expect(result.available).toBe(true);
    expect(result.dimensions).toEqual({
      practicality: 6,
      analysis_depth: 5,
      logic: 7,
      user_experience: 6,
      factual_grounding: 8,
    });
    expect(result.total).toBe(32);
    expect(result.models).toEqual(['judge-a']);
    expect(result.crossValidated).toBe(false);
    expect(result.cached).toBe(false);
    expect(result.usage).toEqual({ promptTokens: 3000, completionTokens: 200, totalTokens: 3200 });
    expect(s.requests).toHaveLength(1);
    const body = s.requests[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'judge-a', temperature: 0, max_tokens: 8000 });
    expect(body.messages).toHaveLength(1);
    expect(s.requests[0]?.headers.authorization).toBe('Bearer judge-key');
    expect(promptOf(s, 0)).not.toContain(intercityEpisode.answer);
    expect(judge.ledger()).toMatchObject({
      episodes: 1,
      calls: 1,
      promptTokens: 3000,
      completionTokens: 200,
    });
    s.assertConsumed();
  });

  it('accepts fenced JSON with prose around it', async () => {
    const { judge } = await setup([
      { content: `我的评价：\n\`\`\`json\n${verdict([5, 5, 5, 5, 5])}\n\`\`\`\n希望有帮助。` },
    ]);
    const result = await judge.judge(intercityEpisode);
    expect(result.total).toBe(25);
  });

  it('accepts a partial object (missing dimensions count 0)', async () => {
    const { judge } = await setup([
      {
        content:
          '{"practicality": {"score": 6, "reason": "好"}, "factual_grounding": 6, "logic": {"score": 5',
      },
    ]);
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(true);
    expect(result.dimensions).toEqual({
      practicality: 6,
      analysis_depth: 0,
      logic: 5,
      user_experience: 0,
      factual_grounding: 6,
    });
  });

  it('treats garbage as a failure of that model and moves on to the next one', async () => {
    const { s, judge } = await setup([
      { content: '抱歉，我无法评价。' },
      { content: verdict([5, 5, 5, 5, 5]) },
    ]);
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(true);
    expect(result.models).toEqual(['judge-b']);
    expect(s.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      'judge-a',
      'judge-b',
    ]);
  });

  it('is unavailable (never throws) when every model replies garbage', async () => {
    const { judge } = await setup([{ content: 'garbage' }, { content: 'more garbage' }]);
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(false);
    expect(result.error).toMatch(
      /every judge model failed: judge-a: .*none of the five dimensions/,
    );
  });

  it('retries a 429 and succeeds', async () => {
    const { s, judge } = await setup([{ status: 429 }, { content: verdict([6, 6, 6, 6, 6]) }]);
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(true);
    expect(result.total).toBe(30);
    expect(s.requests).toHaveLength(2);
    const calls = result.calls as Array<{ attempt: number; ok: boolean; error?: string }>;
    expect(calls.map((c) => [c.attempt, c.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(calls[0]?.error).toMatch(/429/);
  });

  it('gives up on a model after three 500s', async () => {
    const { s, judge } = await setup([{ status: 500 }, { status: 500 }, { status: 500 }], {
      models: ['judge-a'],
    });
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(false);
    expect(result.error).toMatch(/judge-a: HTTP 500/);
    expect(s.requests).toHaveLength(3);
    s.assertConsumed();
  });

  it('does not retry a non-transient error such as 401', async () => {
    const { s, judge } = await setup([{ status: 401 }], { models: ['judge-a'] });
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(false);
    expect(s.requests).toHaveLength(1);
  });

  it('masks the key when the endpoint quotes it back in an error', async () => {
    const { judge } = await setup(
      [{ status: 401, errorMessage: 'Incorrect API key provided: judge-key (sk-abcdefghijkl)' }],
      { models: ['judge-a'] },
    );
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(false);
    const text = JSON.stringify(result);
    expect(text).toContain('Incorrect API key provided: [REDACTED] ([REDACTED])');
    expect(text).not.toContain('judge-key');
    expect(text).not.toContain('sk-abcdefghijkl');
  });

  it('times out a slow call and retries it', async () => {
    const { s, judge } = await setup(
      [{ content: verdict([5, 5, 5, 5, 5]), delayMs: 3000 }, { content: verdict([4, 4, 4, 4, 4]) }],
      { timeoutMs: 200, models: ['judge-a'] },
    );
    const result = await judge.judge(intercityEpisode);
    expect(result.available).toBe(true);
    expect(result.total).toBe(20);
    expect((result.calls as Array<{ error?: string }>)[0]?.error).toBe('timeout');
    expect(s.requests).toHaveLength(2);
  });

  it('cross-validates a verdict above 36/50 and keeps per-dimension minima', async () => {
    const { s, judge } = await setup([
      { content: verdict([9, 8, 8, 7, 9]), usage: { promptTokens: 100, completionTokens: 10 } },
      { content: verdict([7, 9, 6, 8, 8]), usage: { promptTokens: 100, completionTokens: 10 } },
    ]);
    const result = await judge.judge(intercityEpisode);
    expect(result.crossValidated).toBe(true);
    expect(result.models).toEqual(['judge-a', 'judge-b']);
    expect(result.dimensions).toEqual({
      practicality: 7,
      analysis_depth: 8,
      logic: 6,
      user_experience: 7,
      factual_grounding: 8,
    });
    expect(result.total).toBe(36);
    expect(result.usage).toEqual({ promptTokens: 200, completionTokens: 20, totalTokens: 220 });
    // Both judges see the identical prompt.
    expect(promptOf(s, 0)).toBe(promptOf(s, 1));
  });

  it('does not cross-validate at 36/50 or below', async () => {
    const { s, judge } = await setup([{ content: verdict([8, 7, 7, 7, 7]) }]);
    const result = await judge.judge(intercityEpisode);
    expect(result.total).toBe(36);
    expect(result.crossValidated).toBe(false);
    expect(s.requests).toHaveLength(1);
  });

  it('decides on cross-validation after the grounding coupling', async () => {
    // 9+9+9+9+3 = 39 raw, but grounding 3 caps logic and depth at 5: 9+5+5+9+3 = 31, no second opinion.
    const { s, judge } = await setup([{ content: verdict([9, 9, 9, 9, 3]) }]);
    const result = await judge.judge(intercityEpisode);
    expect(result.total).toBe(31);
    expect(result.crossValidated).toBe(false);
    expect(result.groundingCoupled).toBe(true);
    expect(s.requests).toHaveLength(1);
  });

  it('keeps the first verdict when the cross-check fails', async () => {
    const { judge } = await setup([
      { content: verdict([9, 9, 9, 9, 9]) },
      { status: 503 },
      { status: 503 },
      { status: 503 },
    ]);
    const result = await judge.judge(intercityEpisode);
    expect(result.total).toBe(45);
    expect(result.crossValidated).toBe(false);
  });

  it('runs n judges in parallel and keeps per-dimension lower medians', async () => {
    server = await startScriptedOpenAIServer({
      handler: (request) => {
        const model = (request.body as { model: string }).model;
        const scores: Record<string, Scores> = {
          'judge-a': [9, 2, 6, 5, 7],
          'judge-b': [5, 8, 6, 9, 7],
          'judge-c': [7, 5, 1, 6, 9],
        };
        return { content: verdict(scores[model] ?? [0, 0, 0, 0, 0]) };
      },
    });
    const judge = createJudge({
      baseUrl: server.url,
      apiKey: 'k',
      models: ['judge-a', 'judge-b', 'judge-c'],
      parallel: 3,
      env: {},
    });
    const result = await judge.judge(intercityEpisode);
    expect(result.dimensions).toEqual({
      practicality: 7,
      analysis_depth: 5,
      logic: 6,
      user_experience: 6,
      factual_grounding: 7,
    });
    expect(result.models).toEqual(['judge-a', 'judge-b', 'judge-c']);
    expect(server.requests).toHaveLength(3);
  });

  it('serves the second score of the same episode from the cache without tokens', async () => {
    const { s, judge } = await setup([
      { content: verdict([6, 6, 6, 6, 6]), usage: { promptTokens: 900 } },
    ]);
    const first = await judge.judge(intercityEpisode);
    const second = await judge.judge(intercityEpisode);
    expect(s.requests).toHaveLength(1);
    expect(second.cached).toBe(true);
    expect(second.dimensions).toEqual(first.dimensions);
    expect(second.usage).toEqual({ promptTokens: 0, completionTokens: 0, totalTokens: 0 });
    expect(judge.ledger()).toMatchObject({
      episodes: 2,
      calls: 1,
      cacheHits: 1,
      promptTokens: 900,
    });
  });

  it('uses any { get, set } store as the cache, async ones included, keyed by model', async () => {
    const store = new Map<string, string>();
    const cache: JudgeCache = {
      get: (key) => Promise.resolve(store.get(key)),
      set: (key, value) => {
        store.set(key, value);
        return Promise.resolve();
      },
    };
    const { s } = await setup([{ content: verdict([5, 5, 5, 5, 5]) }]);
    const a = createJudge({ baseUrl: s.url, apiKey: 'k', models: ['judge-a'], cache, env: {} });
    await a.judge(intercityEpisode);
    expect(store.size).toBe(1);
    // A fresh judge sharing the store pays nothing; a different model is a different key.
    const b = createJudge({ baseUrl: s.url, apiKey: 'k', models: ['judge-a'], cache, env: {} });
    expect((await b.judge(intercityEpisode)).cached).toBe(true);
    s.push({ content: verdict([4, 4, 4, 4, 4]) });
    const c = createJudge({ baseUrl: s.url, apiKey: 'k', models: ['judge-z'], cache, env: {} });
    expect((await c.judge(intercityEpisode)).total).toBe(20);
    expect(s.requests).toHaveLength(2);
  });

  it('caps logic and analysis depth when factual grounding is 3 or less', async () => {
    const { judge } = await setup([{ content: verdict([7, 8, 9, 6, 2]) }]);
    const result = await judge.judge(intercityEpisode);
    expect(result.dimensions).toMatchObject({ analysis_depth: 4, logic: 4, practicality: 7 });
    expect(result.reasons?.logic).toContain('由9分封顶为4分');
  });

  it('is unavailable without a key, and makes no request', async () => {
    const { s } = await setup([]);
    const judge = createJudge({ baseUrl: s.url, env: {} });
    expect(judge.configured).toBe(false);
    const result = await judge.judge(intercityEpisode);
    expect(result).toMatchObject({ available: false });
    expect(result.error).toMatch(/NAVWORLD_JUDGE_API_KEY/);
    expect(s.requests).toHaveLength(0);
  });

  it('skips an episode without tool calls and reports bad input instead of throwing', async () => {
    const { s, judge } = await setup([]);
    expect((await judge.judge({ ...intercityEpisode, trace: [] })).available).toBe(false);
    const bad = await judge.judge({ ...intercityEpisode, problem: null } as unknown as JudgeInput);
    expect(bad.available).toBe(false);
    expect(bad.error).toMatch(/invalid judge input/);
    expect(s.requests).toHaveLength(0);
  });

  it('reads endpoint, key and models from the environment', async () => {
    const { s } = await setup([{ content: verdict([5, 5, 5, 5, 5]) }]);
    const judge = createJudge({
      backoffMs: [1, 1],
      env: {
        NAVWORLD_JUDGE_BASE_URL: s.url,
        NAVWORLD_JUDGE_API_KEY: 'env-key',
        NAVWORLD_JUDGE_MODELS: ' env-model-1 , env-model-2 ',
      },
    });
    expect(judge.models).toEqual(['env-model-1', 'env-model-2']);
    await judge.judge(intercityEpisode);
    expect(s.requests[0]?.headers.authorization).toBe('Bearer env-key');
    expect((s.requests[0]?.body as { model: string }).model).toBe('env-model-1');
  });

  it('reads the real process.env (not a plain object) and ignores values that are not strings', async () => {
    const { s } = await setup([{ content: verdict([5, 5, 5, 5, 5]) }]);
    const saved = { ...process.env };
    process.env.NAVWORLD_JUDGE_BASE_URL = s.url;
    process.env.NAVWORLD_JUDGE_API_KEY = 'process-key';
    process.env.NAVWORLD_JUDGE_MODELS = 'process-model';
    try {
      const judge = createJudge({ backoffMs: [1, 1], env: process.env });
      expect(judge.configured).toBe(true);
      expect(judge.models).toEqual(['process-model']);
      expect((await judge.judge(intercityEpisode)).available).toBe(true);
      expect(s.requests[0]?.headers.authorization).toBe('Bearer process-key');
    } finally {
      for (const name of [
        'NAVWORLD_JUDGE_BASE_URL',
        'NAVWORLD_JUDGE_API_KEY',
        'NAVWORLD_JUDGE_MODELS',
      ])
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
    }
    const odd = createJudge({
      env: { NAVWORLD_JUDGE_API_KEY: 42, NAVWORLD_JUDGE_MODELS: ['m'] } as unknown as Record<
        string,
        string
      >,
    });
    expect(odd.configured).toBe(false);
    expect(odd.models).toEqual(['Qwen/Qwen3.6-27B-TEE', 'Qwen/Qwen3.6-35B-TEE']);
    expect(() => createJudge({ env: 'NAVWORLD_JUDGE_API_KEY=x' as never })).toThrow(
      /judge options: env/,
    );
  });

  it('defaults to the designed model list and rejects bad options', () => {
    const judge = createJudge({ env: {} });
    expect(judge.models).toEqual(['Qwen/Qwen3.6-27B-TEE', 'Qwen/Qwen3.6-35B-TEE']);
    expect(() => createJudge({ parallel: 0 })).toThrow(/judge options/);
    expect(() => createJudge({ cache: {} as JudgeCache })).toThrow(/judge options: cache/);
    expect(createMemoryJudgeCache().get('x')).toBeUndefined();
  });

  it('draws the same prompt for a rescore (seeded rubric and boundary)', async () => {
    const { s, judge } = await setup(
      [{ content: verdict([5, 5, 5, 5, 5]) }, { content: verdict([5, 5, 5, 5, 5]) }],
      {
        cache: 'none',
      },
    );
    await judge.judge(intercityEpisode);
    await judge.judge(intercityEpisode);
    expect(promptOf(s, 0)).toBe(promptOf(s, 1));
  });
});
