// Episodes with the same tool side (tool names, outcomes, result texts) share the tables the rules build from
// the tool results. Sharing must never change a result: an episode scored right after others of its tool side
// gets the breakdown it gets when every table is rebuilt for it.
import type { ScoreBreakdown, ToolTraceEntry } from '@navworld/core-types';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildContext,
  scoreEpisodeSync,
  scoreEpisodeSyncDetailed,
  scoreEpisodesSync,
  scoreEpisodesSyncDetailed,
  type ScoringContext,
} from '../src';
import { toolSideOf, toolSideTable } from '../src/internal/tool-side';
import { bigPlan, bigProblem, bigTrace, partlySharedTraces } from './bench-fixtures';
import * as E from './episodes';
import * as R from './reference-examples';

type Input = { problem: R.Example['problem']; trace: readonly ToolTraceEntry[]; answer: string };

const examples: R.Example[] = [
  ...Object.values(R).filter((e): e is R.Example => typeof e === 'object'),
  ...Object.values(E).filter((e): e is R.Example => typeof e === 'object'),
  { ...E.hybridGood, problem: bigProblem, trace: bigTrace(5), answer: bigPlan(2900) },
];

/** A string equal to `s` but another instance (a concatenation flattened), so identity cannot stand in for equality. */
function copyOf(s: string): string {
  return `\u0000${s}`.slice(1);
}

/** The trace with every string copied: the same tool side as far as content goes. */
function copiedTrace(trace: readonly ToolTraceEntry[]): ToolTraceEntry[] {
  return trace.map((e) => ({ ...e, name: copyOf(e.name), resultText: copyOf(e.resultText) }));
}

let flushes = 0;
/**
 * Scores an episode of a tool side never seen before, with an answer long enough for every rule to build its
 * tables: afterwards no table holds another episode's tool side.
 */
function flush(): void {
  flushes++;
  const trace = bigTrace(5).map((e) => ({
    ...e,
    resultText: `${e.resultText}\n（刷新 ${flushes}）`,
  }));
  scoreEpisodeSync({ problem: bigProblem, trace, answer: bigPlan(2900) });
}

/** The breakdown of an episode with every tool-side table rebuilt for it. */
function alone(x: Input): ScoreBreakdown {
  flush();
  return scoreEpisodeSync(x);
}

/** Answers that take different paths through the rules, for one example's trace. */
function answersFor(e: R.Example, other: R.Example): string[] {
  const pasted = e.trace.map((t) => t.resultText).join('\n');
  return [
    e.answer,
    pasted,
    [...pasted.split('\n')].reverse().join('\n'),
    e.answer.slice(0, 120),
    other.answer,
    `${e.answer}\n${pasted.slice(0, 400)}`,
  ];
}

describe('toolSideOf', () => {
  const trace = bigTrace(5);
  const texts = trace.map((e) => e.resultText);

  it('gives equal tool sides one object, whatever the string instances', () => {
    const side = toolSideOf(trace, texts);
    const copy = copiedTrace(trace);
    expect(
      toolSideOf(
        copy,
        copy.map((e) => e.resultText),
      ),
    ).toBe(side);
  });

  it('tells apart traces that differ in a name, an outcome, a text or a length', () => {
    const side = toolSideOf(trace, texts);
    const renamed = trace.map((e, i) => (i === 2 ? { ...e, name: 'around_search' } : e));
    const failed = trace.map((e, i) => (i === 1 ? { ...e, ok: false } : e));
    // The same length, one character changed at the very end.
    const lastChar = texts.map((t, i) => (i === 4 ? `${t.slice(0, -1)}X` : t));
    const shorter = trace.slice(0, 4);
    expect(toolSideOf(renamed, texts)).not.toBe(side);
    expect(toolSideOf(failed, texts)).not.toBe(side);
    expect(toolSideOf(trace, lastChar)).not.toBe(side);
    expect(toolSideOf(shorter, texts.slice(0, 4))).not.toBe(side);
    // And the original is still recognised after them.
    expect(toolSideOf(trace, texts)).toBe(side);
  });

  it('remembers a bounded number of sides, the most recently used', () => {
    const side = toolSideOf(trace, texts);
    const others = (tag: string, n: number): void => {
      for (let k = 0; k < n; k++)
        toolSideOf(
          trace,
          texts.map((t) => `${t}${tag}${k}`),
        );
    };
    others('a', 7);
    // Seven other sides since: still remembered (and now the most recent).
    expect(toolSideOf(trace, texts)).toBe(side);
    others('b', 8);
    // Eight since: forgotten, so an equal trace gets a new object.
    expect(toolSideOf(trace, texts)).not.toBe(side);
  });

  it('holds at most two million characters of results', () => {
    const one = (text: string): ToolTraceEntry[] => [{ ...trace[0]!, resultText: text }];
    // More than the limit alone: never remembered.
    const huge = ['x'.repeat(2_000_001)];
    expect(toolSideOf(one(huge[0]!), huge)).not.toBe(toolSideOf(one(huge[0]!), huge));
    // Two of 800,000 fit, a third pushes the oldest out.
    const big = ['a', 'b', 'c'].map((c) => c.repeat(800_000));
    const first = toolSideOf(one(big[0]!), [big[0]!]);
    const second = toolSideOf(one(big[1]!), [big[1]!]);
    expect(toolSideOf(one(big[0]!), [big[0]!])).toBe(first);
    toolSideOf(one(big[2]!), [big[2]!]);
    expect(toolSideOf(one(big[1]!), [big[1]!])).not.toBe(second);
  });

  it('is set on built contexts, shared by episodes of one tool side', () => {
    const a = buildContext(bigProblem, trace, bigPlan(290));
    const b = buildContext(bigProblem, copiedTrace(trace), bigPlan(2900));
    expect(a.toolSide).toBeDefined();
    expect(b.toolSide).toBe(a.toolSide);
  });
});

describe('toolSideTable', () => {
  const trace = bigTrace(5);
  const key = Symbol('test');

  it('builds a table once per tool side', () => {
    let builds = 0;
    const build = (): object => ({ n: ++builds });
    const a = buildContext(bigProblem, trace, bigPlan(290));
    const b = buildContext(bigProblem, copiedTrace(trace), bigPlan(2900));
    const first = toolSideTable(a, key, build);
    expect(toolSideTable(b, key, build)).toBe(first);
    expect(builds).toBe(1);
    const other = buildContext(bigProblem, trace.slice(0, 3), bigPlan(290));
    expect(toolSideTable(other, key, build)).not.toBe(first);
    expect(builds).toBe(2);
  });

  it('builds on every call for a context without a tool side of its own', () => {
    let builds = 0;
    const build = (): number => ++builds;
    const { toolSide: _, ...rest } = buildContext(bigProblem, trace, bigPlan(290));
    const bare: ScoringContext = rest;
    expect(toolSideTable(bare, key, build)).toBe(1);
    expect(toolSideTable(bare, key, build)).toBe(2);
    // A tool side the scorer did not make is not trusted either.
    expect(toolSideTable({ ...bare, toolSide: {} }, key, build)).toBe(3);
  });
});

describe('episodes of one tool side scored in a row', () => {
  const inputs: Input[] = examples.flatMap((e, i) =>
    answersFor(e, examples[(i + 1) % examples.length]!).map((answer, k) => ({
      problem: e.problem,
      // Every other episode gets a copy of the trace: equal content, other string instances.
      trace: k % 2 === 0 ? e.trace : copiedTrace(e.trace),
      answer,
    })),
  );
  let expected: Map<Input, ScoreBreakdown>;
  beforeAll(() => {
    expected = new Map(inputs.map((x) => [x, alone(x)]));
  });

  it('get the breakdown each gets with every table rebuilt', () => {
    for (const x of inputs) expect(scoreEpisodeSync(x)).toEqual(expected.get(x));
  });

  it('get the same breakdowns in batches that interleave tool sides', () => {
    // Round-robin over the examples, so neighbours in the batch have different tool sides.
    const perExample = examples.map((_, i) => inputs.filter((_, k) => Math.floor(k / 6) === i));
    const interleaved: Input[] = [];
    for (let k = 0; k < 6; k++) for (const list of perExample) interleaved.push(list[k]!);
    flush();
    const got = scoreEpisodesSync(interleaved);
    interleaved.forEach((x, i) => expect(got[i]).toEqual(expected.get(x)));
  });

  it('get the same breakdowns in any order of single calls and batches (random sequences)', () => {
    // A seeded generator (an LCG), so a failure replays.
    let seed = 0x5eed;
    const next = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    for (let round = 0; round < 40; round++) {
      if (next(2) === 0) {
        const x = inputs[next(inputs.length)]!;
        expect(scoreEpisodeSync(x)).toEqual(expected.get(x));
      } else {
        const batch = Array.from({ length: 1 + next(12) }, () => inputs[next(inputs.length)]!);
        const got = scoreEpisodesSync(batch);
        batch.forEach((x, i) => expect(got[i]).toEqual(expected.get(x)));
      }
    }
  });

  it('do not pass their tables to a trace of the same lengths with other digits', () => {
    // The answer pastes the tool results, so the echo defences and the bare-list pieces read every character.
    const trace = bigTrace(5);
    const pasted = trace.map((t) => t.resultText).join('\n');
    // Every digit of the results changed, lengths kept: the pasted answer no longer copies them.
    const changed = trace.map((e) => ({
      ...e,
      resultText: e.resultText.replace(/\d/g, (d) => String((Number(d) + 3) % 10)),
    }));
    const original: Input = { problem: bigProblem, trace, answer: pasted };
    const mutated: Input = { problem: bigProblem, trace: changed, answer: pasted };
    const cleanOriginal = alone(original);
    const cleanMutated = alone(mutated);
    // The two differ, so a table passed from one to the other would show.
    expect(cleanMutated).not.toEqual(cleanOriginal);
    scoreEpisodeSync(original);
    expect(scoreEpisodeSync(mutated)).toEqual(cleanMutated);
    expect(scoreEpisodeSync(original)).toEqual(cleanOriginal);
  });

  it("each get tool facts of their own: changing one episode's facts changes no later episode's", () => {
    const input: Input = { problem: bigProblem, trace: bigTrace(5), answer: bigPlan(2900) };
    const first = scoreEpisodeSyncDetailed(input);
    const facts = structuredClone(first.toolFacts);
    expect(facts.pois.length).toBeGreaterThan(0);
    expect(facts.transport.length).toBeGreaterThan(0);
    first.toolFacts.pois.push('不存在的景点');
    first.toolFacts.pois.splice(0, 1);
    first.toolFacts.transport[0]!.price = 1;
    first.toolFacts.flights.length = 0;
    const second = scoreEpisodeSyncDetailed(input);
    expect(second.toolFacts).toEqual(facts);
    expect(second.breakdown).toEqual(first.breakdown);
    const [batched] = scoreEpisodesSyncDetailed([input, input]);
    expect(batched!.toolFacts).toEqual(facts);
  });
});

describe('rollouts sharing part of their task results (the benchmark fixture)', () => {
  it('share their task’s first results as equal texts, and no other result', () => {
    const next = partlySharedTraces(5, 3, 4);
    const texts = Array.from({ length: 8 }, () => next().map((e) => e.resultText));
    for (let r = 0; r < 8; r++) {
      for (let s = r + 1; s < 8; s++) {
        const sameTask = Math.floor(r / 4) === Math.floor(s / 4);
        for (let i = 0; i < 5; i++) expect(texts[r]![i] === texts[s]![i]).toBe(sameTask && i < 3);
      }
    }
  });

  it('score as each rollout does with every table rebuilt for it', () => {
    const next = partlySharedTraces(5, 3, 4);
    const rollouts = Array.from({ length: 8 }, (_, r) => ({
      problem: bigProblem,
      trace: next(),
      answer: bigPlan(2900, r % 2),
    }));
    const inTurn = rollouts.map((x) => scoreEpisodeSync(x));
    rollouts.forEach((x, r) => expect(alone(x)).toEqual(inTurn[r]));
  });
});
