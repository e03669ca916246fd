// Properties over every hand-written episode and simple mutations of them.
import type { Judge } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import {
  SCORING_CONFIG,
  echoFraction,
  buildContext,
  scoreEpisode,
  scoreEpisodeSync,
  stepReward,
  toSafeResult,
} from '../src';
import { bigPlan, bigProblem, bigTrace } from './bench-fixtures';
import { call } from './helpers';
import * as E from './episodes';
import * as R from './reference-examples';

const all: Array<[string, R.Example]> = [
  ...Object.entries(R).filter((e): e is [string, R.Example] => typeof e[1] === 'object'),
  ...Object.entries(E).filter((e): e is [string, R.Example] => typeof e[1] === 'object'),
];

const judges: Array<Judge | undefined> = [
  undefined,
  {
    judge: () =>
      Promise.resolve({
        available: true,
        dimensions: {
          practicality: 10,
          analysis_depth: 10,
          logic: 10,
          user_experience: 10,
          factual_grounding: 10,
        },
        total: 50,
      }),
  },
  {
    judge: () =>
      Promise.resolve({
        available: true,
        dimensions: {
          practicality: 2,
          analysis_depth: 1,
          logic: 3,
          user_experience: 2,
          factual_grounding: 0,
        },
        total: 8,
      }),
  },
];

describe('bounds', () => {
  it.each(all)('%s: total ∈ [0, 100], code ∈ [0, 50], with and without a judge', async (_, e) => {
    for (const judge of judges) {
      const b = await scoreEpisode({ ...e, judge });
      expect(b.total).toBeGreaterThanOrEqual(0);
      expect(b.total).toBeLessThanOrEqual(100);
      expect(b.codeTotal).toBeGreaterThanOrEqual(0);
      expect(b.codeTotal).toBeLessThanOrEqual(50);
      expect(b.fabricationPenalty).toBeGreaterThanOrEqual(-12.5);
      if (!judge) expect(b.total).toBeLessThanOrEqual(50);
    }
  });
});

describe('tool names that are Object.prototype members', () => {
  const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

  it('are unknown tools: scoring and step rewards neither throw nor treat them as known', () => {
    const base = bigTrace(5);
    const plain = scoreEpisodeSync({ problem: bigProblem, trace: base, answer: bigPlan(2900) });
    for (const name of names) {
      const trace = [...base, call(name, {}, '[Error] 未知工具')];
      const b = scoreEpisodeSync({ problem: bigProblem, trace, answer: bigPlan(2900) });
      expect(b.total).toBeGreaterThanOrEqual(0);
      // One more call without its tool's arguments: validity can only fall, never raise the score.
      expect(b.total).toBeLessThanOrEqual(plain.total);
      const reward = stepReward({
        call: { name, arguments: {}, rawArguments: '{}' },
        result: { ok: false, text: '[Error] 未知工具' },
        problem: bigProblem,
        earlierCalls: [],
      });
      expect(reward).toBeGreaterThanOrEqual(0);
      expect(reward).toBeLessThanOrEqual(1);
    }
  });
});

describe('monotonicity', () => {
  it.each(all)('%s: adding a fabricated flight never raises the score', (_, e) => {
    const base = scoreEpisodeSync(e).total;
    // The id goes into the first line (10 code points), so the plan's length class and line structure stay.
    const fake = scoreEpisodeSync({
      ...e,
      answer: e.answer.replace('\n', '，备选航班ZH9876\n'),
    }).total;
    expect(fake).toBeLessThanOrEqual(base);
  });

  it.each(all)('%s: removing every tool call never raises the score', (_, e) => {
    expect(scoreEpisodeSync({ ...e, trace: [] }).total).toBeLessThanOrEqual(
      scoreEpisodeSync(e).total,
    );
  });

  it.each(all)('%s: deleting the answer’s citations of tool facts never raises IC', (_, e) => {
    const b = scoreEpisodeSync(e);
    const ctx = buildContext(e.problem, e.trace, e.answer);
    const T = ctx.toolFacts;
    const facts = [
      ...T.pois,
      ...T.prices,
      ...T.flights,
      ...T.trains,
      ...T.distances,
      ...T.travel_durations,
      ...T.times,
      ...T.road_names,
    ]
      .filter((f) => f.length >= 2)
      .sort((a, b) => b.length - a.length);
    let stripped = e.answer;
    for (const f of facts) stripped = stripped.split(f).join('');
    const s = scoreEpisodeSync({ ...e, answer: stripped });
    expect(s.infoConsistency).toBeLessThanOrEqual(b.infoConsistency);
  });
});

describe('determinism', () => {
  it.each(all)('%s: same inputs → same breakdown and same safe result', async (_, e) => {
    const a = await scoreEpisode(e);
    const b = await scoreEpisode(structuredClone(e));
    expect(b).toEqual(a);
    expect(toSafeResult(b, { salt: 'x', answer: e.answer })).toEqual(
      toSafeResult(a, { salt: 'x', answer: e.answer }),
    );
  });
});

describe('echo defence', () => {
  it('a raw dump of the tool results scores far below the plan that quotes them in its own sentences', () => {
    const dump = E.multidayGood.trace.map((t) => t.resultText).join('\n');
    const b = scoreEpisodeSync({ ...E.multidayGood, answer: `第1天\n第2天\n${dump}` });
    expect(
      echoFraction(
        buildContext(E.multidayGood.problem, E.multidayGood.trace, `第1天\n第2天\n${dump}`),
      ),
    ).toBeGreaterThan(SCORING_CONFIG.echo.full);
    expect(b.defenses).toContain('echo_defence');
    expect(b['multipliers']).toMatchObject({ echo: SCORING_CONFIG.echo.floor });
    expect(b.total).toBeLessThan(scoreEpisodeSync(E.multidayGood).total / 3);
  });
  it('plans that quote facts inside their own sentences are not touched', () => {
    for (const [, e] of all) {
      const b = scoreEpisodeSync(e);
      expect(b.defenses).not.toContain('echo_defence');
    }
  });
});

describe('linear-time sanity', () => {
  it('a 12,000-character plan with a 15-call trace scores well under 2 s (a generous bound; speed is in the benchmark)', () => {
    const input = { problem: bigProblem, trace: bigTrace(15), answer: bigPlan(12000) };
    scoreEpisodeSync(input);
    const t0 = performance.now();
    const b = scoreEpisodeSync(input);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(b.total).toBeGreaterThan(0);
  });
});
