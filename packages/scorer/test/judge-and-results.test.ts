import type { Judge, JudgeInput, JudgeResult } from '@navworld/core-types';
import { SafeResultSchema, ScoreBreakdownSchema } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import {
  SCORER_VERSION,
  coupleScores,
  debugRequested,
  scoreBand,
  scoreEpisode,
  scoreEpisodeDetailed,
  scoreEpisodeSync,
  toDebugResult,
  toSafeResult,
} from '../src';
import { ex1, ex2, ex5 } from './reference-examples';

function stubJudge(d: [number, number, number, number, number]): Judge & { calls: JudgeInput[] } {
  const calls: JudgeInput[] = [];
  return {
    calls,
    judge(input) {
      calls.push(input);
      const [practicality, analysis_depth, logic, user_experience, factual_grounding] = d;
      const result: JudgeResult = {
        available: true,
        dimensions: { practicality, analysis_depth, logic, user_experience, factual_grounding },
        total: d.reduce((a, b) => a + b, 0),
        reasons: { logic: '路线合理' },
      };
      return Promise.resolve(result);
    },
  };
}

describe('judge coupling', () => {
  it('example 1 with judge 36: code 50 ≥ 30 keeps the judge whole, judge 36 ≥ 20 keeps the code whole → 86', async () => {
    const judge = stubJudge([7, 6, 7, 8, 8]);
    const b = await scoreEpisode({ ...ex1, judge, salt: 'w1' });
    expect(judge.calls).toHaveLength(1);
    expect(judge.calls[0]!.salt).toBe('w1');
    expect(b).toMatchObject({
      judgeStatus: 'ok',
      judgeTotal: 36,
      judgeCoupled: 36,
      codeCoupled: 50,
      total: 86,
    });
    expect(b.judge?.reasons).toEqual({ logic: '路线合理' });
    ScoreBreakdownSchema.parse(b);
  });

  it('example 2 with factual grounding 3: defense in depth scales IC and Comp by 0.3 + 0.7·3/4 = 0.825', async () => {
    const b = await scoreEpisode({ ...ex2, judge: stubJudge([6, 5, 5, 6, 3]) });
    // IC 23.81·0.825 = 19.6433, Comp 20.83·0.825 = 17.1848; code 50·√(0.7857·0.6874) − 1.25 = 35.5
    expect(b.infoConsistency).toBeCloseTo(19.6433, 3);
    expect(b.completeness).toBeCloseTo(17.1848, 3);
    expect(b.codeTotal).toBe(35.5);
    expect(b.defenses).toContain('defense_in_depth');
    // code 35.5 ≥ 30 → judge 25 kept; 25 ≥ 20 → code kept; (35.5 + 25)·0.9 = 54.45
    expect(b.total).toBe(54.45);
  });

  it('monotonicity guarantee: example 5 (code 0) with judge 31 keeps 0.5·31 = 15.5, then ×0.7·0.05 = 0.54', async () => {
    const b = await scoreEpisode({ ...ex5, judge: stubJudge([6, 5, 6, 7, 7]) });
    expect(b.codeTotal).toBe(0);
    expect(b.judgeCoupled).toBe(0);
    expect(b.defenses).toContain('monotonicity_guarantee');
    expect(b.total).toBe(0.54);
  });

  it('coupleScores: code 15 halves the judge; judge 0 keeps 70 % of the code; the guard keeps half the raw sum', () => {
    expect(coupleScores(15, 40, true)).toMatchObject({
      judgeCoupled: 20,
      codeCoupled: 15,
      base: 35,
    });
    expect(coupleScores(40, 0, true)).toMatchObject({ codeCoupled: 28, judgeCoupled: 0, base: 28 });
    expect(coupleScores(2, 40, true).base).toBe(21); // 2 + 40·2/30 = 4.67 < 0.5·42
    expect(coupleScores(20, 40, false)).toMatchObject({ base: 20, judgeCoupled: 0 });
  });

  it('the judge is skipped when the transport gate already zeroes the total', async () => {
    const judge = stubJudge([9, 9, 9, 9, 9]);
    const b = await scoreEpisode({
      problem: ex2.problem,
      trace: ex2.trace,
      answer: '北京到上海的行程：坐飞机去，玩两天，住酒店。'.repeat(10),
      judge,
    });
    expect(judge.calls).toHaveLength(0);
    expect(b.judgeStatus).toBe('skipped');
    expect(b.hardConstraints.tool_info_used.passed).toBe(false);
    expect(b.total).toBe(0);
  });

  it('an unavailable, throwing or malformed judge leaves the code-only score with judge "unavailable"', async () => {
    const code = scoreEpisodeSync(ex1).total;
    const unavailable: Judge = {
      judge: () => Promise.resolve({ available: false, error: 'no key' }),
    };
    const throwing: Judge = { judge: () => Promise.reject(new Error('boom')) };
    const malformed = {
      judge: () => Promise.resolve({ available: true, total: 99 }),
    } as unknown as Judge;
    for (const judge of [unavailable, throwing, malformed]) {
      const b = await scoreEpisode({ ...ex1, judge });
      expect(b.judgeStatus).toBe('unavailable');
      expect(b.total).toBe(code);
      expect(b.judgeTotal).toBe(0);
      expect(toSafeResult(b, { salt: 's', answer: ex1.answer }).judgeAvailable).toBe(false);
    }
  });
});

describe('safe and debug results', () => {
  const b = scoreEpisodeSync(ex2);

  it('bands follow the reference thresholds', () => {
    expect([0, 4.9, 5, 17.4, 17.5, 29.9, 30, 42.4, 42.5, 50].map((s) => scoreBand(s, 50))).toEqual([
      'very_low',
      'very_low',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'very_high',
      'very_high',
    ]);
    expect(() => scoreBand(Number.NaN, 50)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', hint: expect.any(String) }),
    );
  });

  it('refuses input that is not a breakdown and { salt, answer } with a typed error', () => {
    const bad: Array<[unknown, unknown]> = [
      [{}, { salt: 's', answer: '' }],
      [null, { salt: 's', answer: '' }],
      [b, {}],
      [b, { salt: 's' }],
      [
        { ...b, total: Number.NaN },
        { salt: 's', answer: '' },
      ],
      [
        { ...b, hardConstraints: {} },
        { salt: 's', answer: '' },
      ],
    ];
    for (const [breakdown, options] of bad) {
      expect(() => toSafeResult(breakdown as never, options as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', hint: expect.any(String) }),
      );
    }
  });

  it('is reproducible, valid, exact in total, and noise depends on task, salt and answer', () => {
    const a = toSafeResult(b, { salt: 'epoch-1', answer: ex2.answer });
    expect(SafeResultSchema.parse(a)).toEqual(a);
    expect(toSafeResult(b, { salt: 'epoch-1', answer: ex2.answer })).toEqual(a);
    expect(a).toMatchObject({
      total: 38.96,
      codeBand: 'very_high',
      judgeBand: 'very_low',
      judgeAvailable: false,
      scorerVersion: SCORER_VERSION,
    });
    expect(a.hardConstraints).toMatchObject({ transport_grounded: false, format_valid: true });
    const other = toSafeResult(b, { salt: 'epoch-2', answer: ex2.answer });
    expect(other.noisyCode).not.toBe(a.noisyCode);
    expect(Math.abs(a.noisyCode - b.codeTotal)).toBeLessThan(10);
  });

  it('noise has σ ≈ 2 over many seeds', () => {
    const xs = Array.from(
      { length: 2000 },
      (_, i) =>
        toSafeResult({ ...b, codeTotal: 25 }, { salt: String(i), answer: 'a' }).noisyCode - 25,
    );
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((s, x) => s + (x - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.2);
    expect(sd).toBeGreaterThan(1.8);
    expect(sd).toBeLessThan(2.2);
  });

  it('the debug result carries the breakdown, facts and parsed plan', async () => {
    const d = await scoreEpisodeDetailed(ex2);
    const debug = toDebugResult(d.breakdown, d);
    expect(debug.breakdown.transportGrounding).toBeDefined();
    expect(debug.toolFacts?.flights).toEqual(['CA1501', 'MU5102']);
    expect(debug.parsed).toBeDefined();
    expect(toDebugResult(b)).toEqual({ breakdown: b });
    expect(debugRequested({ NAVWORLD_DEBUG: '1' })).toBe(true);
    expect(debugRequested({})).toBe(false);
  });
});

describe('input validation', () => {
  it('rejects a bad input with VALIDATION_FAILED, naming the path', () => {
    expect(() =>
      scoreEpisodeSync({
        problem: { ...ex1.problem, problemType: 'cruise' },
        trace: [],
        answer: '',
      } as never),
    ).toThrow(/problem\.problemType/);
    expect(() =>
      scoreEpisodeSync({ problem: ex1.problem, trace: [{ name: 1 }], answer: '' } as never),
    ).toThrow(/VALIDATION|invalid score input/);
    expect(() => scoreEpisodeSync({ problem: ex1.problem, trace: [], answer: 5 } as never)).toThrow(
      /answer/,
    );
  });
  it('names every invalid field of an input in one error', () => {
    let message = '';
    try {
      scoreEpisodeSync({
        problem: { ...ex1.problem, numDays: 0, travelDate: '5 March' },
        trace: [{ ...ex1.trace[0]!, ok: 'yes' }],
        answer: '',
      } as never);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('problem.numDays');
    expect(message).toContain('problem.travelDate');
    expect(message).toContain('trace.0.ok');
  });
  it('fills defaults and keeps unknown fields of the problem and the trace', () => {
    const { schemaVersion: _v, budgetScope: _s, ...bare } = ex1.problem;
    const withDefaults = {
      ...ex1.problem,
      schemaVersion: 1 as const,
      budgetScope: 'group_total' as const,
    };
    const expected = scoreEpisodeSync({ ...ex1, problem: withDefaults });
    const extra = {
      problem: { ...bare, note: 'kept' },
      trace: ex1.trace.map((e) => ({ ...e, replayedFrom: 'log' })),
      answer: ex1.answer,
    };
    expect(scoreEpisodeSync(extra as never)).toEqual(expected);
  });
  it('scores an empty answer and an empty trace without throwing', () => {
    const b = scoreEpisodeSync({ problem: ex1.problem, trace: [], answer: '' });
    expect(b.total).toBe(0);
    expect(b.scorerVersion).toBe(SCORER_VERSION);
  });
});
