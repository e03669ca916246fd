import { describe, expect, it } from 'vitest';
import {
  binomial,
  bootstrapMeanCi,
  passAtK,
  passHatK,
  quantileSorted,
} from '../src/stats/estimators';
import { createRng } from '../src/stats/random';
import { formatSummaryTable, summarize } from '../src/stats/summary';
import { noScoresNote } from '../src/stats/format';
import { escapeHtml } from '../src/report/escape';
import { renderHtmlReport } from '../src/report/html';
import { syntheticResult } from './helpers/synthetic';

describe('estimators', () => {
  it('binomial coefficients', () => {
    expect(binomial(5, 2)).toBe(10);
    expect(binomial(10, 0)).toBe(1);
    expect(binomial(3, 4)).toBe(0);
    expect(binomial(20, 10)).toBe(184756);
  });

  it('pass@k and pass^k match hand-computed values', () => {
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12); // 1 − C(3,2)/C(5,2) = 1 − 3/10
    expect(passHatK(5, 2, 2)).toBeCloseTo(0.1, 12); // C(2,2)/C(5,2)
    expect(passHatK(5, 2, 1)).toBeCloseTo(0.4, 12); // pass^1 = pass@1
    expect(passAtK(4, 0, 3)).toBe(0);
    expect(passAtK(4, 2, 3)).toBe(1); // fewer failures than draws
    expect(passHatK(4, 4, 4)).toBe(1);
    expect(passHatK(4, 3, 4)).toBe(0);
    // Counts that do not describe attempts are refused, with a hint, instead of giving NaN or values past 1.
    for (const [n, c, k] of [
      [2, 1, 3],
      [3, 4, 1],
      [3, -1, 1],
      [3, 1, 0],
      [3, 1.5, 1],
      [Number.NaN, 1, 1],
    ] as const) {
      for (const f of [passAtK, passHatK]) {
        expect(() => f(n, c, k)).toThrow(
          expect.objectContaining({ code: 'INVALID_ARGUMENT', hint: expect.any(String) }),
        );
      }
    }
  });

  it('pass@k grows and pass^k shrinks with k', () => {
    for (let k = 1; k < 8; k += 1) {
      expect(passAtK(8, 3, k + 1)).toBeGreaterThanOrEqual(passAtK(8, 3, k));
      expect(passHatK(8, 3, k + 1)).toBeLessThanOrEqual(passHatK(8, 3, k));
    }
  });

  it('quantiles interpolate between ranks', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0)).toBe(1);
    expect(quantileSorted([1, 2, 3, 4], 1)).toBe(4);
  });

  it('the seeded generator is deterministic and uniform-looking', () => {
    const a = createRng('x');
    const b = createRng('x');
    const c = createRng('y');
    const sa = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(sa);
    expect(Array.from({ length: 5 }, c)).not.toEqual(sa);
    const rng = createRng('uniform');
    let sum = 0;
    for (let i = 0; i < 20000; i += 1) {
      const v = rng();
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
      sum += v;
    }
    expect(sum / 20000).toBeGreaterThan(0.49);
    expect(sum / 20000).toBeLessThan(0.51);
  });

  it('the generator gives the same sequence as every earlier release (saved intervals stay reproducible)', () => {
    const rng = createRng('navworld-summary');
    expect(Array.from({ length: 3 }, rng)).toEqual([
      0.6029502125456929, 0.761655820067972, 0.06353396479971707,
    ]);
    // A checksum of the next million outputs, each as its 32 bits.
    let h = 0;
    for (let i = 0; i < 1_000_000; i += 1) h = (Math.imul(h, 31) + Math.floor(rng() * 2 ** 32)) | 0;
    expect(h).toBe(-1807037309);
  });

  it('bootstrap intervals bracket the mean, are reproducible and have the right width', () => {
    const values = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 1 : 0));
    const ci = bootstrapMeanCi(values, { seed: 's' });
    expect(ci.mean).toBe(0.5);
    expect(ci.low ?? 1).toBeLessThan(0.5);
    expect(ci.high ?? 0).toBeGreaterThan(0.5);
    // Normal approximation: half-width ≈ 1.96 × sqrt(0.25 / 400) ≈ 0.049.
    const half = ((ci.high ?? 0) - (ci.low ?? 0)) / 2;
    expect(half).toBeGreaterThan(0.04);
    expect(half).toBeLessThan(0.06);
    expect(bootstrapMeanCi(values, { seed: 's' })).toEqual(ci);
    expect(bootstrapMeanCi([7, 7, 7], { seed: 's' })).toEqual({ n: 3, mean: 7, low: 7, high: 7 });
    expect(bootstrapMeanCi([], { seed: 's' })).toEqual({ n: 0, mean: null, low: null, high: null });
    expect(bootstrapMeanCi([42], { seed: 's' })).toEqual({ n: 1, mean: 42, low: 42, high: 42 });
  });

  it('refuses values and options that give no interval, with a typed error', () => {
    for (const [values, options] of [
      [[1, 2, 3], { seed: 's', resamples: -1 }],
      [[1, 2, 3], { seed: 's', resamples: 1.5 }],
      [[1, 2, 3], { seed: 's', level: 2 }],
      [[1, 2, 3], { seed: 's', level: 0 }],
      [[1, Number.NaN, 3], { seed: 's' }],
      [[1, Number.POSITIVE_INFINITY], { seed: 's' }],
    ] as const) {
      expect(() => bootstrapMeanCi(values, options)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', hint: expect.any(String) }),
      );
    }
    for (const passThreshold of [Number.NaN, -1, 101]) {
      expect(() => summarize([], { passThreshold })).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', hint: expect.any(String) }),
      );
    }
  });
});

function batch() {
  return [
    syntheticResult({ taskId: 0, repeat: 0, total: 70, city: '北京' }),
    syntheticResult({ taskId: 0, repeat: 1, total: 50, city: '北京', failed: ['tool_info_used'] }),
    syntheticResult({ taskId: 1, repeat: 0, total: 80, city: '上海' }),
    syntheticResult({ taskId: 1, repeat: 1, total: 90, city: '上海' }),
    syntheticResult({
      taskId: 9,
      repeat: 0,
      total: 10,
      city: '北京',
      failed: ['format_valid', 'tool_info_used'],
      tools: [
        { name: 'weather', ok: false, errorCode: 'TOOL_BUDGET_EXCEEDED' },
        { name: 'poi_search', ok: true },
      ],
    }),
    syntheticResult({ taskId: 9, repeat: 1, total: 20, city: '北京', judgeStatus: 'unavailable' }),
    syntheticResult({ taskId: 9, repeat: 2, valid: false, city: '北京' }),
  ];
}

describe('summarize: paired resampling', () => {
  it('gives the same interval to two measures with the same values (judge off: total = code)', () => {
    const results = [12, 35, 47, 50, 20, 41, 8].map((total, taskId) => {
      const r = syntheticResult({ taskId, total, city: '北京', judgeStatus: 'disabled' });
      return { ...r, breakdown: { ...r.breakdown!, codeTotal: total, judgeTotal: 0 } };
    });
    const s = summarize(results, { resamples: 400 });
    expect(s.codeTotal.mean).toBeCloseTo(s.total.mean!, 10);
    expect([s.codeTotal.low, s.codeTotal.high]).toEqual([s.total.low, s.total.high]);
  });
});

describe('summarize', () => {
  const summary = summarize(batch(), { resamples: 500 });

  it('counts valid and invalid episodes apart', () => {
    expect(summary.episodes).toBe(7);
    expect(summary.validEpisodes).toBe(6);
    expect(summary.invalidEpisodes).toBe(1);
    expect(summary.invalidByError).toEqual({ PROVIDER_TIMEOUT: 1 });
    expect(summary.outcomes).toEqual({ completed: 6, infra_error: 1 });
    expect(summary.tasks).toBe(3);
    expect(summary.attemptsPerTask).toEqual({ min: 2, max: 2 });
  });

  it('summarises more tasks than one call takes arguments', () => {
    // 140,000 tasks once made the attempt counts throw a RangeError (spread into Math.min and Math.max).
    const one = syntheticResult({ taskId: 0 });
    const many = Array.from({ length: 140_000 }, (_, i) => ({ ...one, taskId: i }));
    many[7] = { ...one, taskId: 3 };
    const s = summarize(many, { resamples: 1 });
    expect(s.tasks).toBe(139_999);
    expect(s.attemptsPerTask).toEqual({ min: 1, max: 2 });
  });

  it('means and pass rates over valid episodes only', () => {
    expect(summary.total.mean).toBeCloseTo(320 / 6, 10);
    expect(summary.total.n).toBe(6);
    expect(summary.passRate.mean).toBeCloseTo(0.5, 10);
    expect(summary.codeTotal.mean).toBeCloseTo(160 / 6, 10);
    // The judge answered on 5 of the 6 valid episodes (total 20 was unavailable).
    expect(summary.judgeTotal.n).toBe(5);
    expect(summary.judgeTotal.mean).toBeCloseTo((35 + 25 + 40 + 45 + 5) / 5, 10);
    expect(summary.histogram).toEqual([0, 1, 1, 0, 0, 1, 0, 1, 1, 1]);
  });

  it('leaves invalid episodes out of the step-reward mean', () => {
    const scored = [0, 1].map((taskId) => syntheticResult({ taskId }));
    // Infrastructure failures that happened to earn high step rewards before they failed.
    const failed = [2, 3].map((taskId) => ({
      ...syntheticResult({ taskId, valid: false }),
      stepRewards: [1, 1, 1],
    }));
    const s = summarize([...scored, ...failed], { resamples: 200 });
    expect(s.stepReward.n).toBe(2);
    expect(s.stepReward.mean).toBeCloseTo(0.5, 10);
    expect(s.validEpisodes).toBe(2);
  });

  it('pass@k and pass^k per task, averaged', () => {
    // Task 0: 1 of 2 pass; task 1: 2 of 2; task 9: 0 of 2.
    expect(summary.passK).toHaveLength(2);
    expect(summary.passK[0]).toMatchObject({ k: 1, tasks: 3 });
    expect(summary.passK[0]?.passAtK).toBeCloseTo(0.5, 12);
    expect(summary.passK[0]?.passHatK).toBeCloseTo(0.5, 12);
    expect(summary.passK[1]?.passAtK).toBeCloseTo(2 / 3, 12);
    expect(summary.passK[1]?.passHatK).toBeCloseTo(1 / 3, 12);
  });

  it('breaks down by type, difficulty and city', () => {
    // Task 0 → intercity / difficulty 1; task 1 → multiday / 1; task 9 → hybrid (9 % 7 = 2) / 2.
    expect(summary.byType.map((g) => [g.key, g.episodes, g.total.mean])).toEqual([
      ['intercity', 2, 60],
      ['multiday', 2, 85],
      ['hybrid', 2, 15],
    ]);
    expect(summary.byDifficulty.map((g) => [g.key, g.episodes])).toEqual([
      ['1', 4],
      ['2', 2],
    ]);
    expect(summary.byCity.map((g) => [g.key, g.episodes, g.passRate.mean])).toEqual([
      ['北京', 4, 0.25],
      ['上海', 2, 1],
    ]);
  });

  it('hard-constraint failure rates, tool usage, tokens and judge', () => {
    const hc = Object.fromEntries(summary.hardConstraints.map((h) => [h.name, h]));
    expect(hc.tool_info_used).toMatchObject({ failed: 2, evaluated: 6 });
    expect(hc.tool_info_used?.failureRate).toBeCloseTo(1 / 3, 12);
    expect(hc.format_valid).toMatchObject({ failed: 1, evaluated: 6 });
    expect(hc.poi_names_verified?.failureRate).toBe(0);
    expect(summary.toolUsage[0]).toMatchObject({ name: 'poi_search', calls: 7, ok: 7 });
    expect(summary.toolUsage[1]).toMatchObject({
      name: 'weather',
      calls: 1,
      ok: 0,
      errors: { TOOL_BUDGET_EXCEEDED: 1 },
    });
    expect(summary.tokens).toEqual({
      promptTokens: 1400,
      completionTokens: 350,
      totalTokens: 1750,
      perEpisode: 250,
    });
    expect(summary.judge.status).toEqual({ ok: 5, unavailable: 1 });
    expect(summary.judge.tokens.totalTokens).toBe(5 * 1100);
    expect(summary.judge.costUsd).toBeNull();
  });

  it('judge cost from prices, or from costs the judge recorded', () => {
    const priced = summarize(batch(), {
      resamples: 10,
      judgePrice: { promptPerMillion: 2, completionPerMillion: 10 },
    });
    expect(priced.judge.costUsd).toBeCloseTo((5000 * 2 + 500 * 10) / 1e6, 12);
    const recorded = summarize(
      [
        syntheticResult({ taskId: 1, judgeCost: 0.01 }),
        syntheticResult({ taskId: 2, judgeCost: 0.02 }),
      ],
      { resamples: 10 },
    );
    expect(recorded.judge.costUsd).toBeCloseTo(0.03, 12);
  });

  it('is deterministic for a seed and respects the pass threshold', () => {
    expect(summarize(batch(), { resamples: 500 })).toEqual(summary);
    expect(summarize(batch(), { resamples: 500, seed: 'other' }).total.low).not.toBe(
      summary.total.low,
    );
    expect(summarize(batch(), { passThreshold: 80, resamples: 10 }).passRate.mean).toBeCloseTo(
      2 / 6,
      12,
    );
  });

  it('handles an empty batch', () => {
    const empty = summarize([]);
    expect(empty.episodes).toBe(0);
    expect(empty.total.mean).toBeNull();
    expect(empty.passK).toEqual([]);
    expect(formatSummaryTable(empty)).toContain('episodes 0');
  });
});

describe('formatSummaryTable', () => {
  it('prints headline numbers, breakdowns and aligned columns', () => {
    const text = formatSummaryTable(summarize(batch(), { resamples: 200 }));
    expect(text).toContain('episodes 7  valid 6  invalid 1 (PROVIDER_TIMEOUT×1)');
    expect(text).toMatch(/total\s+53\.3 \[/);
    expect(text).toContain('pass@k');
    expect(text).toMatch(/2\s+3\s+66\.7%\s+33\.3%/);
    expect(text).toContain('intercity');
    expect(text).toContain('北京');
    expect(text).toMatch(/tool_info_used\s+2\s+6\s+33\.3%/);
    expect(text).toMatch(/weather\s+1\s+0\s+0\.14\s+TOOL_BUDGET_EXCEEDED×1/);
    expect(text).toContain('cost unknown');
    // Some episodes were judged: no note about the pass mark.
    expect(text).not.toContain('no episode was judged');
  });

  it('says why nothing passes when no episode was judged (code-only runs)', () => {
    const codeOnly = [0, 1, 2].map((taskId) =>
      syntheticResult({ taskId, repeat: 0, total: 48, judgeStatus: 'disabled' }),
    );
    const text = formatSummaryTable(summarize(codeOnly, { resamples: 200 }));
    expect(text).toMatch(/pass rate\s+0\.0 /);
    expect(text).toContain(
      'no episode was judged: the code score alone reaches at most 50, below the pass mark of 60 (--pass-threshold sets another)',
    );
    // With a pass mark the code score can reach, there is nothing to explain.
    const lowered = formatSummaryTable(summarize(codeOnly, { resamples: 200, passThreshold: 40 }));
    expect(lowered).toMatch(/pass rate\s+100\.0 /);
    expect(lowered).not.toContain('no episode was judged');
  });

  it('says that nothing was scored when every episode failed', () => {
    const failed = [0, 1, 2].map((taskId) => syntheticResult({ taskId, valid: false }));
    const summary = summarize(failed, { resamples: 200 });
    const text = formatSummaryTable(summary);
    expect(text).toContain(
      'no scored episodes: all 3 were infrastructure failures (PROVIDER_TIMEOUT×3), so there are no scores',
    );
    expect(text).toContain('attempts/task –');
    expect(text).not.toContain('0–0');
    expect(text).toMatch(/pass rate\s+–\s+\(total/);
    const html = renderHtmlReport(failed, { resamples: 200, summary });
    expect(html).toContain(
      `<p class="warning" role="note">${escapeHtml(noScoresNote(summary)!)}</p>`,
    );
    // With one scored episode there is nothing to explain.
    const mixed = summarize([...failed, syntheticResult({ taskId: 5 })], { resamples: 200 });
    expect(noScoresNote(mixed)).toBeNull();
    expect(formatSummaryTable(mixed)).not.toContain('no scored episodes');
    expect(noScoresNote(summarize([], { resamples: 200 }))).toBeNull();
  });
});
