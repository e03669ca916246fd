import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NavworldError, epochAt, type Epoch } from '@navworld/core-types';
import { stepReward } from '@navworld/scorer';
import { generateProblem } from '@navworld/taskgen';
import { TOOL_BUDGETS, toolBudgetExceededResult } from '@navworld/tools';
import { MAX_TOOL_STEPS, createEnvironment, runReferenceAgent } from '../src/index';
import { internalsOf, type Environment } from '../src/environment/environment';
import { FIXED_NOW, GENERIC_PLAN, assertValidConversation } from './helpers/episode';

const options = { salt: 'env-tests', now: FIXED_NOW, env: {} };

function call(id: string, name: string, args: Record<string, unknown> | string) {
  return {
    id,
    type: 'function' as const,
    function: { name, arguments: typeof args === 'string' ? args : JSON.stringify(args) },
  };
}

describe('options', () => {
  it('refuses an unknown world before starting anything', () => {
    expect(() => createEnvironment({ ...options, world: 'nope' as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'unknown world "nope"' }),
    );
  });

  it('refuses options of the wrong shape with a typed error', () => {
    for (const [bad, message] of [
      [null, /options must be an object/],
      [{ clock: 5 }, /clock must be a function/],
      [{ cache: {} }, /cache must be memory, sqlite, none or an object/],
      [{ env: 'x' }, /env must be an object/],
      [
        { logger: { log: () => undefined } },
        /logger must be an object with a warn\(message\) method/,
      ],
    ] as const) {
      expect(() => createEnvironment(bad as never)).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: expect.stringMatching(message),
        }),
      );
    }
  });

  it('refuses counts and durations that are not whole numbers in range, naming the option', () => {
    const cases: Array<[Record<string, number>, string]> = [
      [{ maxEpisodes: 1.5 }, 'maxEpisodes must be a whole number of at least 1'],
      [{ maxEpisodes: 0 }, 'maxEpisodes must be a whole number of at least 1'],
      [{ idleTimeoutMs: 0.5 }, 'idleTimeoutMs must be a whole number of at least 1'],
      [{ idleTimeoutMs: Number.POSITIVE_INFINITY }, 'idleTimeoutMs must be a whole number'],
      [{ toolTimeoutMs: 2500.25 }, 'toolTimeoutMs must be a whole number from 1 to 2147483647'],
      // Node's timers fire at once past 2^31 - 1 ms: every tool call would time out.
      [{ toolTimeoutMs: 2 ** 31 }, 'toolTimeoutMs must be a whole number from 1 to 2147483647'],
      [{ toolTimeoutMs: Number.NaN }, 'toolTimeoutMs must be a whole number'],
    ];
    for (const [bad, message] of cases) {
      const what = JSON.stringify(bad);
      let error: unknown;
      try {
        createEnvironment({ ...options, ...bad });
      } catch (e) {
        error = e;
      }
      expect(error, what).toBeInstanceOf(NavworldError);
      expect(error, what).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringContaining(message),
        hint: expect.stringContaining('leave it out for the default'),
      });
    }
  });

  it('refuses a world whose requirements are missing at once, not at the first reset', () => {
    expect(() => createEnvironment({ ...options, world: 'amap' })).toThrow(
      expect.objectContaining({ code: 'MISSING_API_KEY' }),
    );
    expect(() => createEnvironment({ ...options, world: 'replay' })).toThrow(
      expect.objectContaining({ code: 'CONFIG_ERROR', message: expect.stringMatching(/cassette/) }),
    );
  });
});

describe('epochs over time', () => {
  const WEEK_MS = 7 * 24 * 3600 * 1000;

  it('follows the clock into the next week unless something pins the epoch', async () => {
    let t = FIXED_NOW;
    const clock = (): number => t;
    // Idle episodes are kept for two weeks, so last week's episode is still open.
    const rolling = createEnvironment({ env: {}, clock, idleTimeoutMs: 2 * WEEK_MS });
    const pinnedSalt = createEnvironment({ env: {}, clock, salt: 'pinned' });
    const pinnedTime = createEnvironment({ env: {}, clock, now: FIXED_NOW });
    try {
      const first = rolling.reset({ taskId: 1 });
      expect(rolling.epoch).toEqual(first.epoch);
      const before = {
        salt: pinnedSalt.reset({ taskId: 1 }).epoch,
        time: pinnedTime.reset({ taskId: 1 }).epoch,
      };
      t += WEEK_MS + 1000;
      const next = rolling.reset({ taskId: 1 });
      expect(next.epoch.id).toBe(first.epoch.id + 1);
      expect(next.epoch.salt).not.toBe(first.epoch.salt);
      expect(rolling.epoch).toEqual(next.epoch);
      // The episode opened last week goes on in its own world.
      const old = await rolling.step({
        episodeId: first.episodeId,
        toolCalls: [call('w0', 'weather', { city: first.problem.destinationCity })],
      });
      expect(old.observations[0]!.ok).toBe(true);
      // The new week's tools answer from the new world.
      const weather = await rolling.step({
        episodeId: next.episodeId,
        toolCalls: [call('w1', 'weather', { city: next.problem.destinationCity })],
      });
      expect(weather.observations[0]!.ok).toBe(true);
      expect(pinnedSalt.reset({ taskId: 1 }).epoch.salt).toBe(before.salt.salt);
      expect(pinnedTime.reset({ taskId: 1 }).epoch).toEqual(before.time);
    } finally {
      await Promise.all([rolling.close(), pinnedSalt.close(), pinnedTime.close()]);
    }
  });
});

describe('reset', () => {
  it('opens an episode with the system and user prompts and the six tools', () => {
    const env = createEnvironment(options);
    const opened = env.reset({ taskId: 131 });
    expect(opened.episodeId).toMatch(/^[0-9a-f]{32}$/);
    expect(opened.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(opened.messages[1]!.content).toBe(generateProblem(131).prompt);
    expect(opened.observation).toBe(opened.problem.prompt);
    expect(opened.tools.map((t) => t.function.name)).toEqual([
      'poi_search',
      'around_search',
      'direction',
      'weather',
      'search_flights',
      'search_train_tickets',
    ]);
    expect(opened.epoch.salt).toBe('env-tests');
    expect(env.stats()).toMatchObject({ episodes: 1, open: 1, created: 1 });
  });

  it('rejects bad task ids', () => {
    const env = createEnvironment(options);
    expect(() => env.reset({ taskId: -1 })).toThrow(NavworldError);
    expect(() => env.reset({ taskId: 1.5 })).toThrow(/reset input/);
  });

  it('refuses an epoch whose parts disagree with INVALID_EPOCH, naming each part', () => {
    const env = createEnvironment(options);
    const week = epochAt(FIXED_NOW);
    const cases: Array<[string, Epoch, RegExp]> = [
      ['another start', { ...week, startsAt: 0 }, /epoch\.startsAt: week \d+ starts at \d+/],
      ['a two-week span', { ...week, endsAt: week.endsAt + 604_800 }, /epoch\.endsAt: /],
      ["another week's salt", { ...week, salt: String(week.id - 1) }, /epoch\.salt: an unpinned/],
      ['a padded pinned salt', { ...week, salt: ' run ', pinned: true }, /no leading or trailing/],
      ['a long salt', { ...week, salt: 'x'.repeat(257), pinned: true }, /epoch\.salt: /],
      [
        'a week past the last date',
        {
          id: 1e9,
          salt: '1000000000',
          startsAt: 1e9 * 604_800,
          endsAt: (1e9 + 1) * 604_800,
          pinned: false,
        },
        /epoch\.id: /,
      ],
    ];
    for (const [what, epoch, message] of cases) {
      let thrown: unknown;
      try {
        env.reset({ taskId: 1, epoch });
      } catch (error) {
        thrown = error;
      }
      expect(NavworldError.isInstance(thrown), what).toBe(true);
      const error = thrown as NavworldError;
      expect(error.code, what).toBe('INVALID_EPOCH');
      expect(error.message, what).toMatch(message);
      expect(error.hint, what).toContain('as a reset returned it');
    }
    expect(env.stats().created).toBe(0);
    // What epochAt makes is accepted, pinned or not.
    expect(env.reset({ taskId: 1, epoch: week }).epoch).toEqual(week);
    const pinned = epochAt(FIXED_NOW, { salt: 'run-7' });
    expect(env.reset({ taskId: 1, epoch: pinned }).epoch).toEqual(pinned);
    expect(() => createEnvironment({ ...options, epoch: { ...week, salt: 'other' } })).toThrow(
      expect.objectContaining({ code: 'INVALID_EPOCH' }),
    );
    // Nor does an environment hand out an epoch it would refuse back.
    expect(() => createEnvironment({ ...options, salt: 'x'.repeat(257) })).toThrow(
      expect.objectContaining({ code: 'INVALID_EPOCH' }),
    );
  });

  it("plays a pinned epoch of another week with that week's dates", async () => {
    // The environment's own week and an earlier one share the pinned salt; each keeps its own dates.
    const env = createEnvironment(options);
    const earlier = epochAt(Date.UTC(2025, 5, 2), { salt: options.salt });
    const forecastDates = async (epoch?: Epoch): Promise<string[]> => {
      const { episodeId, problem } = env.reset({ taskId: 1, ...(epoch ? { epoch } : {}) });
      const step = await env.step({
        episodeId,
        toolCalls: [call('w', 'weather', { city: problem.destinationCity })],
      });
      return [...step.observations[0]!.text.matchAll(/日期: (\d{4}-\d{2}-\d{2})/g)].map(
        (m) => m[1]!,
      );
    };
    const firstDay = (epoch: Epoch): string =>
      new Date(epoch.startsAt * 1000).toISOString().slice(0, 10);
    // The forecast starts on the first day of the episode's week.
    expect((await forecastDates())[0]).toBe(firstDay(env.epoch));
    expect((await forecastDates(earlier))[0]).toBe(firstDay(earlier));
  });
});

describe('tool contexts', () => {
  /** The text of a weather and a POI search call in the episode, as its tools answer them. */
  async function toolTexts(env: Environment, episodeId: string, city: string): Promise<string[]> {
    const step = await env.step({
      episodeId,
      toolCalls: [
        call('w', 'weather', { city }),
        call('p', 'poi_search', { address: '景点', region: city }),
      ],
    });
    return step.observations.map((o) => o.text);
  }

  it('keeps the most recently used ones only, and episodes of the others play on', async () => {
    // A client may pin a new salt in every reset: the environment must not keep a context per salt.
    const env = createEnvironment({ ...options, maxToolContexts: 3 });
    const epochs = Array.from({ length: 12 }, (_, i) => epochAt(FIXED_NOW, { salt: `salt-${i}` }));
    const opened = epochs.map((epoch) => env.reset({ taskId: 1, epoch }));
    expect(env.stats().toolContexts).toBe(3);
    const city = opened[0]!.problem.destinationCity;
    // The first episode's context was let go long ago; it answers as in an environment of its own salt.
    const alone = createEnvironment({ ...options, salt: 'salt-0' });
    const expected = await toolTexts(alone, alone.reset({ taskId: 1 }).episodeId, city);
    expect(await toolTexts(env, opened[0]!.episodeId, city)).toEqual(expected);
    expect(await toolTexts(env, opened[1]!.episodeId, city)).not.toEqual(expected);
    // A new reset in that epoch makes its context again, with the same world.
    const again = env.reset({ taskId: 1, epoch: epochs[0]! });
    expect(await toolTexts(env, again.episodeId, city)).toEqual(expected);
    expect(env.stats().toolContexts).toBe(3);
    await Promise.all([env.close(), alone.close()]);
  });

  it('lets the least recently used context go first', () => {
    const env = createEnvironment({ ...options, maxToolContexts: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((salt) => epochAt(FIXED_NOW, { salt }));
    const contextOf = (epoch: Epoch) =>
      internalsOf(env).state(env.reset({ taskId: 1, epoch }).episodeId).context;
    const first = { a: contextOf(a!), b: contextOf(b!) };
    // Using a again makes b the oldest: c's context takes b's place.
    expect(contextOf(a!)).toBe(first.a);
    contextOf(c!);
    expect(contextOf(a!)).toBe(first.a);
    expect(contextOf(b!)).not.toBe(first.b);
  });

  it('always keeps a given context', async () => {
    const given = createEnvironment(options);
    const context = internalsOf(given).state(given.reset({ taskId: 1 }).episodeId).context;
    const env = createEnvironment({ ...options, toolContext: context, maxToolContexts: 1 });
    for (const salt of ['x', 'y', 'z'])
      env.reset({ taskId: 1, epoch: epochAt(FIXED_NOW, { salt }) });
    expect(env.stats().toolContexts).toBe(2);
    expect(internalsOf(env).state(env.reset({ taskId: 1 }).episodeId).context).toBe(context);
    await Promise.all([env.close(), given.close()]);
  });

  it('keeps 16 by default, and refuses a bad bound', async () => {
    const env = createEnvironment(options);
    for (let i = 0; i < 40; i++)
      env.reset({ taskId: 1, epoch: epochAt(FIXED_NOW, { salt: `s${i}` }) });
    expect(env.stats().toolContexts).toBe(16);
    expect(env.stats()).toMatchObject({ toolContexts: 16, maxToolContexts: 16 });
    await env.close();
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => createEnvironment({ ...options, maxToolContexts: bad })).toThrow(
        expect.objectContaining({
          code: 'INVALID_ARGUMENT',
          message: 'maxToolContexts must be a whole number of at least 1',
        }),
      );
    }
  });
});

describe('step', () => {
  it('executes tool calls in order and keeps the OpenAI message grammar', async () => {
    const env = createEnvironment(options);
    const { episodeId, problem } = env.reset({ taskId: 1 });
    const city = problem.destinationCity;
    const result = await env.step({
      episodeId,
      content: '我先查一下。',
      toolCalls: [
        call('a', 'weather', { city }),
        call('b', 'poi_search', { address: '景点', region: city }),
      ],
    });
    expect(result.done).toBe(false);
    expect(result.step).toBe(1);
    expect(result.observations.map((o) => o.toolCallId)).toEqual(['a', 'b']);
    expect(result.observations.every((o) => o.reward >= 0 && o.reward <= 1)).toBe(true);
    expect(result.reward).toBeCloseTo(
      (result.observations[0]!.reward + result.observations[1]!.reward) / 2,
      10,
    );
    expect(result.observation).toContain('[weather] 结果:');
    const episode = env.getEpisode(episodeId)!;
    expect(episode.messages.map((m) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
    ]);
    expect(episode.messages[2]).toMatchObject({ content: '我先查一下。' });
    expect(episode.trace.map((t) => t.callId)).toEqual(['a', 'b']);
    expect(assertValidConversation(episode.messages)).toBeNull();

    const final = await env.step({ episodeId, content: GENERIC_PLAN });
    expect(final.done).toBe(true);
    expect(final.truncated).toBe(false);
    expect(final.reward).toBeCloseTo((final.info!['total'] as number) / 100, 10);
    expect(Object.keys(final.info!).sort()).toEqual(
      [
        'codeBand',
        'hardConstraints',
        'judgeAvailable',
        'judgeBand',
        'noisyCode',
        'noisyJudge',
        'score',
        'scorerVersion',
        'total',
      ].sort(),
    );
    expect(final.info!['score']).toBe(final.info!['total']);
    expect(assertValidConversation(env.getEpisode(episodeId)!.messages)).toBeNull();
  });

  it('generates stable ids for calls without one and re-serialises object arguments', async () => {
    const env = createEnvironment(options);
    const { episodeId, problem } = env.reset({ taskId: 1 });
    await env.step({
      episodeId,
      toolCalls: [{ function: { name: 'weather', arguments: { city: problem.destinationCity } } }],
    });
    const episode = env.getEpisode(episodeId)!;
    const assistant = episode.messages[2]!;
    expect(assistant.role).toBe('assistant');
    const id = assistant.role === 'assistant' ? assistant.tool_calls![0]!.id : '';
    expect(id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(episode.trace[0]!.rawArguments).toBe(JSON.stringify({ city: problem.destinationCity }));
    expect(assistant).not.toHaveProperty('content');
  });

  it('renames a repeated call id so every tool message answers one call', async () => {
    const env = createEnvironment(options);
    const { episodeId, problem } = env.reset({ taskId: 1 });
    const city = problem.destinationCity;
    await env.step({
      episodeId,
      toolCalls: [
        call('same', 'weather', { city }),
        call('same', 'poi_search', { address: '景点', region: city }),
      ],
    });
    const episode = env.getEpisode(episodeId)!;
    expect(episode.trace[0]!.callId).toBe('same');
    expect(episode.trace[1]!.callId).toMatch(/^call_[0-9a-f]{24}$/);
    expect(assertValidConversation(episode.messages)).toBeNull();
  });

  it('returns debug results when asked', async () => {
    const env = createEnvironment({ ...options, debug: true });
    const { episodeId } = env.reset({ taskId: 2 });
    const final = await env.step({ episodeId, content: GENERIC_PLAN });
    expect(final.info).toHaveProperty('breakdown');
    expect(final.info).toHaveProperty('toolFacts');
    // The total stays at the top in debug mode too (0–100, also as score).
    const breakdown = final.info!['breakdown'] as { total: number };
    expect(final.info).toMatchObject({ total: breakdown.total, score: breakdown.total });
    expect(final.reward).toBeCloseTo(breakdown.total / 100, 10);
  });

  it('scores an episode whose calls name Object.prototype members like any unknown tool', async () => {
    const env = createEnvironment(options);
    const { episodeId } = env.reset({ taskId: 2 });
    const step = await env.step({
      episodeId,
      toolCalls: ['constructor', 'toString', '__proto__'].map((name, i) => call(`p${i}`, name, {})),
    });
    expect(step.observations.map((o) => o.errorCode)).toEqual([
      'UNKNOWN_TOOL',
      'UNKNOWN_TOOL',
      'UNKNOWN_TOOL',
    ]);
    const final = await env.step({ episodeId, content: GENERIC_PLAN });
    expect(final.info).toMatchObject({ total: expect.any(Number) });
    expect(final.info).not.toHaveProperty('error');
    expect(env.getEpisode(episodeId)).toMatchObject({ validForScoring: true });
  });

  it('refuses over-budget calls without running them', async () => {
    const env = createEnvironment(options);
    const { episodeId, problem } = env.reset({ taskId: 3 });
    const city = problem.destinationCity;
    const calls = Array.from({ length: TOOL_BUDGETS.weather + 2 }, (_, i) =>
      call(`w${i}`, 'weather', { city }),
    );
    const result = await env.step({ episodeId, toolCalls: calls });
    const codes = result.observations.map((o) => o.errorCode ?? 'ok');
    expect(codes.slice(TOOL_BUDGETS.weather)).toEqual([
      'TOOL_BUDGET_EXCEEDED',
      'TOOL_BUDGET_EXCEEDED',
    ]);
    expect(env.stats().toolCalls).toBe(TOOL_BUDGETS.weather);
    expect(env.getEpisode(episodeId)!.trace).toHaveLength(TOOL_BUDGETS.weather + 2);
  });

  it('gives a call refused for the spent budget a step reward of 0', async () => {
    const env = createEnvironment(options);
    const { episodeId, problem } = env.reset({ taskId: 0 });
    const { destinationCity, originCity } = problem;
    expect(originCity).not.toBeNull();
    // The budget is spent on one call and its exact repeats (which earn 0), so the per-tool and episode caps
    // leave room: the refused call, about the other city of the trip, would otherwise earn a reward.
    const spent = Array.from({ length: TOOL_BUDGETS.weather }, (_, i) =>
      call(`w${i}`, 'weather', { city: destinationCity }),
    );
    const refused = call('over', 'weather', { city: originCity });
    const first = await env.step({ episodeId, toolCalls: spent });
    expect(first.observations[0]!.reward).toBeGreaterThan(0);
    const episode = env.getEpisode(episodeId)!;
    const wouldEarn = stepReward({
      call: { name: 'weather', rawArguments: refused.function.arguments },
      result: toolBudgetExceededResult('weather', TOOL_BUDGETS.weather + 1),
      problem,
      earlierCalls: episode.trace.map((entry, i) => ({
        ...entry,
        reward: episode.stepRewards[i],
      })),
      step: 2,
    });
    expect(wouldEarn).toBeGreaterThan(0);

    const second = await env.step({ episodeId, toolCalls: [refused] });
    expect(second.observations[0]).toMatchObject({
      ok: false,
      errorCode: 'TOOL_BUDGET_EXCEEDED',
      reward: 0,
    });
    expect(second.reward).toBe(0);
    expect(env.getEpisode(episodeId)!.stepRewards.at(-1)).toBe(0);
  });

  it('turns the step after the limit into the final answer (tool calls dropped, truncated)', async () => {
    const env = createEnvironment(options);
    const { episodeId, problem } = env.reset({ taskId: 4 });
    for (let i = 0; i < MAX_TOOL_STEPS; i++) {
      const r = await env.step({
        episodeId,
        toolCalls: [
          call(`c${i}`, 'poi_search', { address: `景点${i}`, region: problem.destinationCity }),
        ],
      });
      expect(r.done).toBe(false);
      expect(r.info!['remainingToolSteps']).toBe(MAX_TOOL_STEPS - i - 1);
    }
    const forced = await env.step({
      episodeId,
      content: GENERIC_PLAN,
      toolCalls: [call('x', 'weather', { city: '北京' })],
    });
    expect(forced.done).toBe(true);
    expect(forced.truncated).toBe(true);
    const episode = env.getEpisode(episodeId)!;
    expect(episode.trace).toHaveLength(MAX_TOOL_STEPS);
    expect(episode.answer).toBe(GENERIC_PLAN);
    expect(assertValidConversation(episode.messages)).toBeNull();
  });

  it('throws typed errors for unknown and finished episodes and changes nothing', async () => {
    const env = createEnvironment(options);
    await expect(env.step({ episodeId: 'nope', content: 'x' })).rejects.toMatchObject({
      code: 'EPISODE_NOT_FOUND',
    });
    const { episodeId } = env.reset({ taskId: 5 });
    await env.step({ episodeId, content: GENERIC_PLAN });
    const before = env.getEpisode(episodeId)!;
    await expect(env.step({ episodeId, content: 'again' })).rejects.toMatchObject({
      code: 'EPISODE_DONE',
    });
    await expect(
      env.step({ episodeId, toolCalls: [call('z', 'weather', { city: '北京' })] }),
    ).rejects.toMatchObject({
      code: 'EPISODE_DONE',
    });
    expect(env.getEpisode(episodeId)).toEqual(before);
    expect(() => env.requestFinalAnswer(episodeId)).toThrow(/already finished/);
    await expect(env.step({ episodeId: '' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      hint: expect.stringMatching(/episodeId, toolCalls.*episodeId, content/),
    });
    expect(() => env.reset({ taskId: -1 })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        hint: expect.stringMatching(/taskId/),
      }),
    );
  });

  it('runs concurrent steps on one episode one after another', async () => {
    const env = createEnvironment(options);
    const { episodeId, problem } = env.reset({ taskId: 6 });
    const city = problem.destinationCity;
    const [a, b] = await Promise.all([
      env.step({ episodeId, toolCalls: [call('p', 'weather', { city })] }),
      env.step({
        episodeId,
        toolCalls: [call('q', 'poi_search', { address: '公园', region: city })],
      }),
    ]);
    expect([a.step, b.step]).toEqual([1, 2]);
    expect(assertValidConversation(env.getEpisode(episodeId)!.messages)).toBeNull();
  });

  it('appends the final-answer prompt as a user message', () => {
    const env = createEnvironment(options);
    const { episodeId } = env.reset({ taskId: 7 });
    const text = env.requestFinalAnswer(episodeId);
    expect(text).toContain('不要再调用任何工具');
    expect(env.getEpisode(episodeId)!.messages.at(-1)).toEqual({ role: 'user', content: text });
  });
});

describe('episode store', () => {
  it('sweeps idle episodes with an injected clock', () => {
    let now = 1_000_000;
    const env = createEnvironment({ ...options, clock: () => now, idleTimeoutMs: 60_000 });
    const { episodeId } = env.reset({ taskId: 8 });
    now += 59_000;
    expect(env.sweep()).toBe(0);
    now += 2_000;
    expect(env.sweep()).toBe(1);
    expect(env.getEpisode(episodeId)).toBeUndefined();
    expect(env.stats().swept).toBe(1);
  });

  it('refuses new episodes over the limit, dropping finished ones first', async () => {
    const env = createEnvironment({ ...options, maxEpisodes: 2 });
    const a = env.reset({ taskId: 1 });
    env.reset({ taskId: 2 });
    expect(() => env.reset({ taskId: 3 })).toThrow(
      expect.objectContaining({ code: 'EPISODE_LIMIT' }),
    );
    await env.step({ episodeId: a.episodeId, content: GENERIC_PLAN });
    expect(env.reset({ taskId: 3 }).episodeId).toBeTruthy();
    expect(env.getEpisode(a.episodeId)).toBeUndefined();
  });

  it('says when the idle sweep can next free a slot', () => {
    let now = 0;
    const env = createEnvironment({
      ...options,
      maxEpisodes: 2,
      clock: () => now,
      idleTimeoutMs: 60_000,
    });
    env.reset({ taskId: 1 }); // idle from t = 0, swept at t = 60 s
    now = 10_000;
    env.reset({ taskId: 2 });
    now = 25_400;
    const full = (): unknown => {
      try {
        env.reset({ taskId: 3 });
      } catch (error) {
        return error;
      }
      return undefined;
    };
    // 60 s − 25.4 s = 34.6 s, rounded up to whole seconds.
    expect(full()).toMatchObject({ code: 'EPISODE_LIMIT', details: { retryAfterSeconds: 35 } });
    now = 59_999.5;
    expect(full()).toMatchObject({ details: { retryAfterSeconds: 1 } });
    now = 60_000;
    expect(env.reset({ taskId: 3 }).episodeId).toBeTruthy();
  });

  it('refuses work after close', async () => {
    const env = createEnvironment(options);
    await env.close();
    expect(() => env.reset({ taskId: 1 })).toThrow(
      expect.objectContaining({ code: 'SHUTTING_DOWN' }),
    );
  });
});

describe('determinism at scale', () => {
  it('1,000 concurrent reference episodes score exactly as one by one', async () => {
    const taskIds = Array.from({ length: 1000 }, (_, i) => i % 70);
    const serialEnv = createEnvironment(options);
    const serial = new Map<number, number>();
    for (const id of new Set(taskIds))
      serial.set(id, (await runReferenceAgent(serialEnv, id)).total);
    const env = createEnvironment({ ...options, maxEpisodes: 2000 });
    const results = await Promise.all(taskIds.map((id) => runReferenceAgent(env, id)));
    for (const r of results) expect(r.total).toBe(serial.get(r.taskId));
    expect(env.stats().created).toBe(1000);
    expect(env.stats().episodes).toBe(0);
  }, 180_000);
});

describe('tool cache', () => {
  it('takes the cache kind from NAVWORLD_CACHE, one cache for every epoch', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navworld-env-cache-'));
    let t = FIXED_NOW;
    const env = createEnvironment({
      env: { NAVWORLD_CACHE: 'sqlite', NAVWORLD_CACHE_DIR: dir },
      clock: () => t,
      idleTimeoutMs: 3 * 7 * 24 * 3600 * 1000,
    });
    try {
      const weather = async (): Promise<boolean | undefined> => {
        const opened = env.reset({ taskId: 2 });
        const step = await env.step({
          episodeId: opened.episodeId,
          toolCalls: [call('c1', 'weather', { city: opened.problem.destinationCity })],
        });
        return step.observations[0]!.ok;
      };
      expect(await weather()).toBe(true);
      expect(existsSync(join(dir, 'cache.sqlite'))).toBe(true);
      t += 7 * 24 * 3600 * 1000;
      expect(await weather()).toBe(true);
      expect(readdirSync(dir).filter((f) => f.endsWith('.sqlite'))).toEqual(['cache.sqlite']);
    } finally {
      await env.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tool warnings', () => {
  it("hands the tools' warnings to the logger, and plays on with the cache in memory", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navworld-env-logger-'));
    const plain = join(dir, 'plain-file');
    writeFileSync(plain, 'x');
    const warnings: string[] = [];
    // No cache folder can be made under a plain file.
    const env = createEnvironment({
      ...options,
      env: { NAVWORLD_CACHE: 'sqlite', NAVWORLD_CACHE_DIR: join(plain, 'cache') },
      logger: { warn: (message) => warnings.push(message) },
    });
    try {
      expect(warnings).toEqual([expect.stringMatching(/cannot be opened .*using memory instead/)]);
      const opened = env.reset({ taskId: 2 });
      const step = await env.step({
        episodeId: opened.episodeId,
        toolCalls: [call('c1', 'weather', { city: opened.problem.destinationCity })],
      });
      expect(step.observations[0]!.ok).toBe(true);
    } finally {
      await env.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('map service outages', () => {
  it('does not score an episode whose map service cannot be reached', async () => {
    // A port nothing listens on: bind one, note it, close it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const env = createEnvironment({
      ...options,
      world: 'amap',
      env: {
        AMAP_MAPS_API_KEY: 'key-a',
        NAVWORLD_AMAP_BASE_URL: `http://127.0.0.1:${port}`,
        NAVWORLD_CACHE: 'none',
      },
    });
    try {
      const opened = env.reset({ taskId: 3 });
      const step = await env.step({
        episodeId: opened.episodeId,
        toolCalls: [call('m1', 'weather', { city: opened.problem.destinationCity })],
      });
      expect(step.done).toBe(true);
      expect(step.observations[0]!.errorCode).toBe('PROVIDER_UNAVAILABLE');
      expect(step.info).toMatchObject({ validForScoring: false, total: 0, score: 0 });
      expect(env.getEpisode(opened.episodeId)).toMatchObject({
        validForScoring: false,
        error: expect.stringMatching(/^PROVIDER_UNAVAILABLE: /),
      });
    } finally {
      await env.close();
    }
  });
});

describe('replayed worlds', () => {
  it('does not score an episode whose call the cassette cannot answer, or whose cassette was altered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navworld-replay-'));
    try {
      const cassettePath = join(dir, 'c.jsonl');
      const recorder = createEnvironment({ ...options, world: 'record', cassettePath });
      const recorded = recorder.reset({ taskId: 3 });
      const city = recorded.problem.destinationCity;
      await recorder.step({
        episodeId: recorded.episodeId,
        toolCalls: [call('r1', 'weather', { city })],
      });
      await recorder.close();

      const replay = createEnvironment({ ...options, world: 'replay', cassettePath });
      // The recorded call is answered; the episode goes on.
      const a = replay.reset({ taskId: 3 });
      const hit = await replay.step({
        episodeId: a.episodeId,
        toolCalls: [call('a1', 'weather', { city })],
      });
      expect(hit.done).toBe(false);
      expect(hit.observations[0]!.ok).toBe(true);
      // A call it never saw ends the episode unscored: the cassette, not the model, failed.
      const miss = await replay.step({
        episodeId: a.episodeId,
        toolCalls: [call('a2', 'poi_search', { address: '博物馆', region: city })],
      });
      expect(miss.done).toBe(true);
      expect(miss.observations[0]!.errorCode).toBe('CASSETTE_MISS');
      // The failed call returned nothing: it earns no step reward, as the step earns none.
      expect(miss.observations[0]!.reward).toBe(0);
      expect(miss.reward).toBe(0);
      expect(hit.observations[0]!.reward).toBeGreaterThan(0);
      expect(miss.info).toMatchObject({ validForScoring: false, total: 0 });
      expect(replay.getEpisode(a.episodeId)).toMatchObject({
        done: true,
        validForScoring: false,
        error: expect.stringMatching(/^CASSETTE_MISS: /),
      });
      await replay.close();

      // An altered cassette: every call is CASSETTE_TAMPERED, and the episode is not scored either.
      writeFileSync(
        cassettePath,
        readFileSync(cassettePath, 'utf8').replace(/"dayTemp":(-?\d+)/g, '"dayTemp":99'),
      );
      const tampered = createEnvironment({ ...options, world: 'replay', cassettePath });
      const b = tampered.reset({ taskId: 3 });
      const bad = await tampered.step({
        episodeId: b.episodeId,
        toolCalls: [call('b1', 'weather', { city })],
      });
      expect(bad.done).toBe(true);
      expect(bad.observations[0]!.errorCode).toBe('CASSETTE_TAMPERED');
      expect(bad.observations[0]!.reward).toBe(0);
      expect(bad.info).toMatchObject({ validForScoring: false });
      await tampered.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
