// Batch scoring runs each step over a group of episodes before the next step; it must give every episode the
// breakdown a single call gives it, whatever the episode's neighbours in the batch.
import { NavworldError } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import {
  scoreEpisodeSync,
  scoreEpisodeSyncDetailed,
  scoreEpisodesSync,
  scoreEpisodesSyncDetailed,
} from '../src';
import { bigPlan, bigProblem, bigTrace } from './bench-fixtures';
import * as E from './episodes';
import * as R from './reference-examples';

type Input = { problem: R.Example['problem']; trace: R.Example['trace']; answer: string };

const examples: R.Example[] = [
  ...Object.values(R).filter((e): e is R.Example => typeof e === 'object'),
  ...Object.values(E).filter((e): e is R.Example => typeof e === 'object'),
];

/**
 * The hand-written episodes, each also with a variant that trips other rules: the tool results pasted as the
 * answer (echo defences), the answer cut short (format and completeness), and no tool calls at all.
 */
const inputs: Input[] = examples.flatMap((e) => [
  { problem: e.problem, trace: e.trace, answer: e.answer },
  { problem: e.problem, trace: e.trace, answer: e.trace.map((t) => t.resultText).join('\n') },
  { problem: e.problem, trace: e.trace, answer: e.answer.slice(0, 120) },
  { problem: e.problem, trace: [], answer: e.answer },
]);
inputs.push(
  { problem: bigProblem, trace: bigTrace(5), answer: bigPlan(2900) },
  { problem: bigProblem, trace: bigTrace(15), answer: bigPlan(12000, 1) },
  { problem: bigProblem, trace: bigTrace(5), answer: '' },
);

/** A deterministic shuffle (an LCG), so the batches below mix episodes of different problems and types. */
function shuffled<T>(xs: readonly T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('scoreEpisodesSync', () => {
  it('gives every episode the breakdown of a single call, in input order, across groups', () => {
    // More inputs than one group of 32, so the group boundary is crossed.
    expect(inputs.length).toBeGreaterThan(40);
    const single = inputs.map((x) => scoreEpisodeSync(x));
    expect(scoreEpisodesSync(inputs)).toEqual(single);
  });

  it("does not depend on an episode's neighbours or on its place in the batch", () => {
    const expected = new Map(inputs.map((x) => [x, scoreEpisodeSync(x)]));
    for (const seed of [1, 2, 3]) {
      const order = shuffled(inputs, seed);
      const got = scoreEpisodesSync(order);
      order.forEach((x, i) => expect(got[i]).toEqual(expected.get(x)));
    }
    // The same episode several times in one batch.
    const repeated = [inputs[0]!, inputs[1]!, inputs[0]!, inputs[0]!];
    const got = scoreEpisodesSync(repeated);
    expect(got[2]).toEqual(got[0]);
    expect(got[3]).toEqual(got[0]);
  });

  it('returns the facts and parsed plan of each episode with the detailed form', () => {
    const some = inputs.slice(0, 12);
    expect(scoreEpisodesSyncDetailed(some)).toEqual(some.map((x) => scoreEpisodeSyncDetailed(x)));
  });

  it('scores an empty batch as an empty list', () => {
    expect(scoreEpisodesSync([])).toEqual([]);
  });

  it('rejects an invalid input by its index, before scoring any', () => {
    const bad = [
      ...inputs.slice(0, 5),
      { problem: E.hybridGood.problem, trace: 'none', answer: 'x' },
    ];
    let error: unknown;
    try {
      scoreEpisodesSync(bad as unknown as Input[]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NavworldError);
    const e = error as NavworldError;
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.message).toContain('at index 5');
    expect(e.details).toMatchObject({ index: 5 });
    expect(e.hint).toBeTruthy();
  });

  it('rejects the holes of a sparse batch as missing inputs', () => {
    const sparse = new Array<Input>(3);
    sparse[1] = inputs[0]!;
    expect(() => scoreEpisodesSync(sparse)).toThrow(/at index 0/);
  });

  it('rejects a batch that is not an array', () => {
    expect(() => scoreEpisodesSync({ length: 1 } as unknown as Input[])).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }) as Error,
    );
  });
});
