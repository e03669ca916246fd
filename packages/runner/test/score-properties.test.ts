// The scorer's stated properties, checked on the reference agent's plans of every problem type (played in the
// offline world) and on realistic edits of them, rather than on hand-written episodes only.
import { buildContext, scoreEpisodeSync, toSafeResult } from '@navworld/scorer';
import { FACT_CATEGORIES, type ToolTraceEntry, type TravelProblem } from '@navworld/core-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEnvironment, runReferenceAgent } from '../src/index';
import { FIXED_NOW } from './helpers/episode';

interface Played {
  taskId: number;
  problem: TravelProblem;
  trace: ToolTraceEntry[];
  answer: string;
}

/** Three tasks of each of the seven problem types (task ids cycle through the types). */
const TASKS = Array.from({ length: 21 }, (_, i) => i);
/** Lines that carry a transport word: taken out, the plan names its transport by id alone. */
const TRANSPORT_LINE = /航班|车次|高铁|动车/u;
const INVENTED = ['，备选航班ZH9876', '，备选高铁G9999', '，航班号：CA0001', '，车次D8888'];

let played: Played[] = [];

beforeAll(async () => {
  const env = createEnvironment({ salt: 'score-properties', now: FIXED_NOW, env: {} });
  played = [];
  for (const taskId of TASKS) {
    const r = await runReferenceAgent(env, taskId);
    played.push({ taskId, problem: r.problem, trace: r.trace, answer: r.answer ?? '' });
  }
}, 60_000);

const score = (e: Played, answer = e.answer, trace = e.trace) =>
  scoreEpisodeSync({ problem: e.problem, trace, answer });

/** The plan, the plan without its transport-word lines, and its first half. */
function variants(e: Played): Array<[string, string]> {
  const lines = e.answer.split('\n');
  return [
    ['plan', e.answer],
    ['ids only', lines.filter((l) => !TRANSPORT_LINE.test(l)).join('\n')],
    ['first half', lines.slice(0, Math.ceil(lines.length / 2)).join('\n')],
  ];
}

describe('scoring properties on reference plans', () => {
  it('covers every problem type with plans that score near the top', () => {
    expect(new Set(played.map((e) => e.problem.problemType)).size).toBe(7);
    for (const e of played) expect(score(e).total, `task ${e.taskId}`).toBeGreaterThan(40);
  });

  it('an invented flight or train added anywhere never raises the score', () => {
    for (const e of played) {
      for (const [name, answer] of variants(e)) {
        const before = score(e, answer).total;
        const lines = answer.split('\n');
        for (const text of INVENTED) {
          for (const at of [0, Math.floor(lines.length / 2), lines.length - 1]) {
            const edited = [...lines];
            edited[at] = `${edited[at]}${text}`;
            expect(
              score(e, edited.join('\n')).total,
              `task ${e.taskId}, ${name}, ${text} on line ${at}`,
            ).toBeLessThanOrEqual(before);
          }
        }
      }
    }
  });

  it('removing every tool call never raises the score', () => {
    for (const e of played)
      for (const [name, answer] of variants(e))
        expect(score(e, answer, []).total, `task ${e.taskId}, ${name}`).toBeLessThanOrEqual(
          score(e, answer).total,
        );
  });

  it('deleting every citation of a tool fact never raises IC', () => {
    for (const e of played) {
      for (const [name, answer] of variants(e)) {
        const T = buildContext(e.problem, e.trace, answer).toolFacts;
        // Longest first, so a fact inside another (外滩 in 外滩公园) does not break the longer one's deletion.
        const facts = FACT_CATEGORIES.flatMap((c) => T[c].filter((f) => f.length >= 2)).sort(
          (a, b) => b.length - a.length,
        );
        let stripped = answer;
        for (const f of facts) stripped = stripped.split(f).join('');
        expect(score(e, stripped).infoConsistency, `task ${e.taskId}, ${name}`).toBeLessThanOrEqual(
          score(e, answer).infoConsistency,
        );
      }
    }
  });

  it('scores the same inputs to the same breakdown and safe result, whatever was scored before', () => {
    const first = played.map((e) => score(e));
    const again = [...played]
      .reverse()
      .map((e) => score(e))
      .reverse();
    expect(again).toEqual(first);
    const safe = (b: (typeof first)[number], e: Played) =>
      toSafeResult(b, { salt: 'properties', answer: e.answer });
    played.forEach((e, i) => expect(safe(again[i]!, e)).toEqual(safe(first[i]!, e)));
  });
});
