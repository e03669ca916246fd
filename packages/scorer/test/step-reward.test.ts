import { describe, expect, it } from 'vitest';
import {
  callKey,
  STEP_REWARD_EPISODE_CAP,
  capStepRewards,
  stepReward,
  stepRewardCap,
  stepRewardDetails,
  type EarlierCall,
} from '../src/step-reward';
import { resultUsefulness } from '../src/index';
import { makeProblem } from './helpers';

const food = makeProblem('food_tour', { destinationCity: '成都', numDays: 2 });
const intercity = makeProblem('intercity');
const ok = (n: number) => ({ ok: true, text: '数'.repeat(n) });

function c(
  name: string,
  args: Record<string, unknown>,
  text = '数'.repeat(300),
  reward?: number,
): EarlierCall {
  return {
    name,
    arguments: args,
    rawArguments: JSON.stringify(args),
    ok: true,
    resultText: text,
    ...(reward === undefined ? {} : { reward }),
  };
}

describe('stepReward: a good first call of each required tool', () => {
  // reward = 0.4 S + 0.3 A + 0.3 U; S = 0.6 (required) + 0.2 (first use); A = 1; U = 0.8 (101–500 code points).
  it.each([
    ['poi_search', { address: '成都美食', region: '成都' }],
    ['around_search', { location: '104.04,30.67', keywords: '小吃' }],
    ['direction', { origin: '104.04,30.67', destination: '104.08,30.65' }],
    ['weather', { city: '成都' }],
  ])('%s → 0.4·0.8 + 0.3·1 + 0.3·0.8 = 0.86', (name, args) => {
    const d = stepRewardDetails({
      call: { name, arguments: args },
      result: ok(300),
      problem: food,
      earlierCalls: [],
    });
    expect(d).toMatchObject({
      selection: 0.8,
      argumentQuality: 1,
      usefulness: 0.8,
      raw: 0.86,
      reward: 0.86,
    });
  });

  it('transport tools on a transport type earn the transport bonus: S = 0.6 + 0.2 + 0.2 = 1, U = 1 (> 500)', () => {
    for (const name of ['search_flights', 'search_train_tickets']) {
      const r = stepReward({
        call: { name, arguments: { date: '2025-03-01', from_city: '北京', to_city: '上海' } },
        result: ok(800),
        problem: intercity,
        earlierCalls: [],
      });
      expect(r).toBe(1);
    }
  });

  it('a short successful result earns U = 0.5; a second distinct call loses the first-use bonus', () => {
    const first = c('poi_search', { address: '宽窄巷子' });
    const d = stepRewardDetails({
      call: { name: 'poi_search', arguments: { address: '锦里' } },
      result: ok(50),
      problem: food,
      earlierCalls: [first],
    });
    // S = 0.6 (no first use; step 2 < 4 so no repetition penalty), A = 1, U = 0.5 → 0.24 + 0.3 + 0.15 = 0.69.
    expect(d).toMatchObject({ selection: 0.6, argumentQuality: 1, usefulness: 0.5, reward: 0.69 });
  });
});

describe('stepReward: bad calls', () => {
  it('malformed JSON arguments score A = 0 and a failed result U = 0.1', () => {
    const d = stepRewardDetails({
      call: { name: 'poi_search', rawArguments: '{"address": ' },
      result: { ok: false, text: 'INVALID_JSON: 参数不是合法的 JSON 对象' },
      problem: food,
      earlierCalls: [],
    });
    // 0.4 × 0.8 + 0.3 × 0 + 0.3 × 0.1 = 0.35
    expect(d).toMatchObject({ selection: 0.8, argumentQuality: 0, usefulness: 0.1, reward: 0.35 });
  });

  it('an unknown tool earns only the usefulness of its error text', () => {
    const r = stepReward({
      call: { name: 'book_hotel', arguments: { city: '成都' } },
      result: { ok: false, text: 'UNKNOWN_TOOL: 没有这个工具' },
      problem: food,
      earlierCalls: [],
    });
    expect(r).toBeCloseTo(0.03, 10);
  });

  it('wrong argument shapes score the reference partial credits', () => {
    const dir = stepRewardDetails({
      call: { name: 'direction', arguments: { origin: '104.04,30.67', destination: '春熙路' } },
      result: ok(300),
      problem: food,
      earlierCalls: [],
    });
    expect(dir.argumentQuality).toBe(0.5);
    const w = stepRewardDetails({
      call: { name: 'weather', arguments: { city: 'Chengdu' } },
      result: ok(300),
      problem: food,
      earlierCalls: [],
    });
    expect(w.argumentQuality).toBe(0.3);
    const p = stepRewardDetails({
      call: { name: 'poi_search', arguments: { address: 'x' } },
      result: ok(300),
      problem: food,
      earlierCalls: [],
    });
    expect(p.argumentQuality).toBe(0.2);
  });

  it('a call about another trip earns the malformed-city credit (weather 0.3; a transport search 0.5)', () => {
    const aq = (name: string, args: Record<string, unknown>, problem = intercity) =>
      stepRewardDetails({
        call: { name, arguments: args },
        result: ok(300),
        problem,
        earlierCalls: [],
      }).argumentQuality;
    // food: 成都; intercity: 北京 → 上海.
    expect(aq('weather', { city: '成都' }, food)).toBe(1);
    expect(aq('weather', { city: '成都市' }, food)).toBe(1);
    expect(aq('weather', { city: '重庆' }, food)).toBe(0.3);
    expect(aq('weather', { city: '北京' })).toBe(1); // the origin is a request city too
    const date = '2025-03-01';
    expect(aq('search_flights', { date, from_city: '北京', to_city: '上海' })).toBe(1);
    expect(aq('search_flights', { date, from_city: '上海', to_city: '北京' })).toBe(1); // the way back
    expect(aq('search_train_tickets', { date, from_city: '北京', to_city: '广州' })).toBe(0.5);
    expect(aq('search_train_tickets', { date: '3月1日', from_city: '广州', to_city: '深圳' })).toBe(
      0.2,
    );
    // Without an origin any pair of cities is a search the plan may use (a side trip).
    expect(aq('search_flights', { date, from_city: '成都', to_city: '拉萨' }, food)).toBe(1);
    // The reward moves with the argument quality alone: 0.3 × (1 − 0.3) less for the wrong city.
    const right = stepReward({
      call: c('weather', { city: '成都' }),
      result: ok(300),
      problem: food,
      earlierCalls: [],
    });
    const wrong = stepReward({
      call: c('weather', { city: '重庆' }),
      result: ok(300),
      problem: food,
      earlierCalls: [],
    });
    expect(right - wrong).toBeCloseTo(0.21, 10);
  });

  it('rejects a malformed input with a NavworldError', () => {
    expect(() =>
      stepReward({ call: null, result: ok(1), problem: food, earlierCalls: [] } as never),
    ).toThrow(/stepReward needs/);
  });
});

describe('stepReward: anti-farming', () => {
  it('an exact repeat (same tool, same canonical arguments, key order ignored) earns 0', () => {
    const first = c('weather', { city: '成都', extensions: 'all' });
    const d = stepRewardDetails({
      call: { name: 'weather', rawArguments: '{"extensions":"all","city":"成都"}' },
      result: ok(300),
      problem: food,
      earlierCalls: [first],
    });
    expect(d.reward).toBe(0);
    expect(d.limitedBy).toBe('exact_repeat');
  });

  function episodeSum(calls: EarlierCall[], problem = food): number[] {
    const rewards: number[] = [];
    calls.forEach((call, i) => {
      rewards.push(
        stepReward({
          call,
          result: { ok: true, text: call.resultText ?? '' },
          problem,
          earlierCalls: calls.slice(0, i),
        }),
      );
    });
    return rewards;
  }

  const sensiblePass = [
    c('poi_search', { address: '成都美食' }),
    c('around_search', { location: '104.04,30.67' }),
    c('direction', { origin: '104.04,30.67', destination: '104.08,30.65' }),
    c('weather', { city: '成都' }),
  ];

  it('a sensible single pass over the required tools earns 4 × 0.86 = 3.44', () => {
    const sum = episodeSum(sensiblePass).reduce((a, b) => a + b, 0);
    expect(sum).toBeCloseTo(3.44, 10);
  });

  it('15 identical calls sum to the first call only (0.86), below the single pass', () => {
    const spam = Array.from({ length: 15 }, () => c('poi_search', { address: '成都美食' }));
    const rewards = episodeSum(spam);
    expect(rewards[0]).toBe(0.86);
    expect(rewards.slice(1).every((r) => r === 0)).toBe(true);
    expect(rewards.reduce((a, b) => a + b, 0)).toBeLessThan(3.44);
  });

  it('15 distinct calls of one tool are held to the per-tool cap of 2', () => {
    const spam = Array.from({ length: 15 }, (_, i) => c('poi_search', { address: `成都美食${i}` }));
    const sum = episodeSum(spam).reduce((a, b) => a + b, 0);
    expect(sum).toBeLessThanOrEqual(2 + 1e-9);
    expect(sum).toBeLessThan(3.44);
  });

  it('no episode sums above required tools + 1, and never above STEP_REWARD_EPISODE_CAP', () => {
    const many: EarlierCall[] = [];
    for (let i = 0; i < 12; i++) {
      many.push(
        c('poi_search', { address: `景点${i}` }),
        c('weather', { city: `成都${'市'.repeat(i % 3)}`, n: i }),
      );
      many.push(c('direction', { origin: `104.0${i},30.67`, destination: '104.08,30.65' }));
      many.push(c('around_search', { location: `104.0${i},30.6${i}` }));
    }
    const rewards = episodeSum(many);
    const sum = rewards.reduce((a, b) => a + b, 0);
    expect(stepRewardCap(food)).toBe(5);
    expect(sum).toBeLessThanOrEqual(5 + 1e-9);
    expect(STEP_REWARD_EPISODE_CAP).toBe(7);
    expect(rewards.every((r) => r >= 0 && r <= 1)).toBe(true);
  });

  it('earlier rewards supplied by the caller are used for the running sum', () => {
    const earlier = [
      c('poi_search', { address: 'a地点' }, '数'.repeat(300), 1),
      c('weather', { city: '成都' }, '数'.repeat(300), 0.6),
      c('direction', { origin: '1.1,2.2', destination: '3.3,4.4' }, 'x', 1),
      c('around_search', { location: '1.1,2.2' }, 'x', 1),
      c('poi_search', { address: 'b地点' }, 'x', 0.9),
    ];
    // Running sum 4.5, cap 5 → at most 0.5 left.
    const d = stepRewardDetails({
      call: { name: 'weather', arguments: { city: '北京' } },
      result: ok(300),
      problem: food,
      earlierCalls: earlier,
    });
    expect(d.reward).toBe(0.5);
    expect(d.limitedBy).toBe('episode_cap');
  });

  it('capStepRewards clips a reward sequence at the cap', () => {
    expect(capStepRewards([1, 1, 1, 0.8, 0.9], 4)).toEqual([1, 1, 1, 0.8, 0.2]);
    expect(capStepRewards([2, -1], 7)).toEqual([1, 0]);
  });
});

describe('callKey', () => {
  it('is the tool name plus canonical arguments, and follows a call object whose fields are replaced', () => {
    const call: { name: string; arguments: Record<string, unknown>; rawArguments?: string } = {
      name: 'weather',
      arguments: { city: '杭州', extensions: 'all' },
    };
    const first = callKey(call);
    expect(first).toBe(
      callKey({ name: 'weather', arguments: { extensions: 'all', city: '杭州' } }),
    );
    expect(callKey(call)).toBe(first);
    call.arguments = { city: '苏州' };
    expect(callKey(call)).not.toBe(first);
    expect(callKey(call)).toBe(callKey({ name: 'weather', arguments: { city: '苏州' } }));
    call.name = 'poi_search';
    expect(callKey(call).startsWith('poi_search')).toBe(true);
  });
});

describe('resultUsefulness', () => {
  it('bands by code points, surrounding whitespace not counted for the minimum', () => {
    // Nine emoji (18 UTF-16 units) padded with whitespace: under the minimum of 10 code points.
    expect(resultUsefulness({ ok: true, text: `  \n${'🌸'.repeat(9)}\u3000\t` })).toBe(0);
    // Ten emoji: 10 code points, trimmed or not.
    expect(resultUsefulness({ ok: true, text: ` ${'🌸'.repeat(10)} ` })).toBe(0.5);
    // 100 code points of text plus padding reach the medium band only through the padding's own length.
    expect(resultUsefulness({ ok: true, text: '数'.repeat(100) })).toBe(0.5);
    expect(resultUsefulness({ ok: true, text: `${'数'.repeat(100)}  ` })).toBe(0.8);
    expect(resultUsefulness({ ok: true, text: '🌸'.repeat(501) })).toBe(1);
    expect(resultUsefulness({ ok: true, text: '🌸'.repeat(500) })).toBe(0.8);
    expect(resultUsefulness({ ok: false, text: '数'.repeat(30) })).toBe(0.1);
    expect(resultUsefulness({ ok: true, text: '查询失败：城市名无效，请检查参数' })).toBe(0.1);
  });
});
