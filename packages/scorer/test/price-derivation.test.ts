// Arithmetic tracing of stated prices: what it may use from earlier lines, how often it traces an invented
// amount by chance, and the count of untraceable prices that no padding dilutes.
import { describe, expect, it } from 'vitest';
import {
  buildContext,
  isDerivedPrice,
  priceGrounding,
  priceGroundingMultiplier,
  scoreEpisodeSync,
  untracedPricesMultiplier,
} from '@navworld/scorer';
import { bigPlan, bigProblem, bigTrace } from './bench-fixtures';
import { foodTrace, makeProblem, seededInts } from './helpers';

describe('isDerivedPrice', () => {
  // Twelve traced prices, the latest last: the last four are 88, 17, 64, 99.
  const recent = [30, 45, 28, 60, 120, 25, 328, 56, 88, 17, 64, 99];

  it('sums the latest prices, however many: the total of the items just listed', () => {
    expect(isDerivedPrice(163, [], recent, [])).toBe(true); // 64 + 99
    expect(isDerivedPrice(180, [], recent, [])).toBe(true); // 17 + 64 + 99
    // 25 + 328 + 56 + 88 + 17 + 64 + 99
    expect(isDerivedPrice(677, [], recent, [])).toBe(true);
    expect(isDerivedPrice(960, [], recent, [])).toBe(true); // all twelve
  });

  it('takes any other arithmetic from earlier lines over the last four only', () => {
    expect(isDerivedPrice(152, [], recent, [])).toBe(true); // 88 + 64, not adjacent
    expect(isDerivedPrice(71, [], recent, [])).toBe(true); // 88 − 17
    expect(isDerivedPrice(51, [], recent, [3])).toBe(true); // 17 × 3
    // The same forms over older prices: 30 + 45, 328 − 45, 45 × 3 (no other form reaches them within 1 元).
    expect(isDerivedPrice(75, [], recent, [])).toBe(false);
    expect(isDerivedPrice(283, [], recent, [])).toBe(false);
    expect(isDerivedPrice(135, [], recent, [3])).toBe(false);
  });

  it('uses every traced number before it on its own line', () => {
    expect(isDerivedPrice(75, [30, 45], recent, [])).toBe(true); // a run of the line's numbers
    expect(isDerivedPrice(283, [328, 45], recent, [])).toBe(true); // a difference of two of them
    expect(isDerivedPrice(135, [45], recent, [3])).toBe(true); // one of them times a count
  });

  it('keeps the absolute and relative tolerances', () => {
    expect(isDerivedPrice(164, [], recent, [])).toBe(true); // 163 within 1 元
    expect(isDerivedPrice(165, [], recent, [])).toBe(false);
    expect(isDerivedPrice(966, [], recent, [])).toBe(true); // 960 within 1 %
    expect(isDerivedPrice(970.5, [], recent, [])).toBe(false);
  });
});

describe('untraceable prices: share and number', () => {
  it('number multiplier: 1 up to 8 untraceable prices, linear to 0.1 at 24', () => {
    expect(untracedPricesMultiplier(0)).toBe(1);
    expect(untracedPricesMultiplier(8)).toBe(1);
    expect(untracedPricesMultiplier(16)).toBeCloseTo(0.55, 10);
    expect(untracedPricesMultiplier(24)).toBeCloseTo(0.1, 10);
    expect(untracedPricesMultiplier(60)).toBe(0.1);
  });

  it('an invented amount added to a rich plan is rarely traced by chance', () => {
    // The benchmark's plan states some fifty prices; its tools return many more. Amounts that no tool
    // returned, that the plan does not state, that are not round allocations (multiples of 50) and that the
    // request does not hold, added one at a time on a line of their own.
    const trace = bigTrace(5);
    const answer = bigPlan(2900);
    const known = new Set(
      [...trace.map((e) => e.resultText), answer, bigProblem.prompt]
        .join('\n')
        .match(/\d+/gu)!
        .map(Number),
    );
    const base = priceGrounding(buildContext(bigProblem, trace, answer));
    const next = seededInts(20261206);
    let traced = 0;
    let tried = 0;
    while (tried < 200) {
      const v = 10 + next(2990);
      if (v % 50 === 0 || known.has(v)) continue;
      tried++;
      const r = priceGrounding(buildContext(bigProblem, trace, `${answer}\n其他费用：${v}元。`));
      if (r.ungrounded === base.ungrounded) traced++;
    }
    // 28 of 200 (14 %), most of them large amounts, which the 1 % tolerance of the arithmetic lets a few
    // products reach. With every form over all twelve earlier prices it was 75 (37.5 %).
    expect(traced).toBe(28);
    expect(traced / tried).toBeLessThan(0.2);
  });

  it('repeating the tools’ prices does not dilute invented ones', () => {
    const problem = makeProblem('food_tour', { groupSize: 2, budget: 3000 });
    // Twelve invented meal prices (one a line, so none sums the ones before it), then the tools' four
    // prices (120, 28, 60 a head, 25 by taxi) repeated 15 times on one line.
    const invented = [173, 91, 47, 133, 77, 211, 39, 157, 83, 119, 67, 143];
    const answer = [
      '# 上海美食两日游',
      ...invented.map(
        (v, i) => `- 第${1 + (i >> 3)}天第${(i % 8) + 1}餐：小吃摊，人均${v}元，推荐当地特色。`,
      ),
      `参考价格：${Array.from({ length: 15 }, () => '120元、28元、60元、25元').join('、')}。`,
      '因为行程紧凑，建议错峰用餐；考虑到排队，推荐提前到店。',
    ].join('\n');
    const r = priceGrounding(buildContext(problem, foodTrace, answer));
    // 72 counted, 12 untraceable: a share of 1/6, under the free 20 %; the number costs 1 − 0.9 × 4 / 16.
    expect(r).toMatchObject({ counted: 72, ungrounded: 12 });
    expect(priceGroundingMultiplier(12 / 72)).toBe(1);
    expect(r.multiplier).toBeCloseTo(0.775, 10);
    expect(scoreEpisodeSync({ problem, trace: foodTrace, answer }).defenses).toContain(
      'price_grounding',
    );
  });
});
