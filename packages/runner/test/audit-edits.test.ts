// The audit's edit checks: each edit is applied and counted, a scorer that an edit games is caught, and the
// scorer passes them on the reference plans of every problem type.
import { scoreEpisodeSync, toSafeResult } from '@navworld/scorer';
import type { EpisodeResult } from '@navworld/core-types';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scoreCommand } from '../src/commands/score';
import { EDIT_CHECKS, createEnvironment, editEpisode, runReferenceAgent } from '../src/index';
import { evaluateGates, formatAuditTable, runAudit, type PolicyStats } from '../src/audit/index';
import { FIXED_NOW } from './helpers/episode';

/** Three tasks of each of the seven problem types (task ids cycle through the types). */
const TASKS = Array.from({ length: 21 }, (_, i) => i);

let played: EpisodeResult[] = [];

beforeAll(async () => {
  const env = createEnvironment({ salt: 'audit-edits', now: FIXED_NOW, env: {} });
  played = [];
  for (const taskId of TASKS) played.push(await runReferenceAgent(env, taskId));
}, 60_000);

const editable = (r: EpisodeResult) => ({
  taskId: r.taskId,
  problem: r.problem,
  trace: r.trace,
  answer: r.answer,
});

describe('editEpisode', () => {
  it('no edit raises the score of a reference plan, on every problem type', () => {
    expect(new Set(played.map((r) => r.problem.problemType)).size).toBe(7);
    for (const r of played) {
      const edited = editEpisode(editable(r));
      for (const c of EDIT_CHECKS) {
        expect(edited[c.name].raised, `task ${r.taskId}, ${c.name}`).toEqual([]);
      }
      // Two variants of the plan: per variant four inventions on two lines, one trace dropped, one deletion.
      expect(edited.no_tool_calls.edits).toBe(2);
      expect(edited.citations_deleted.edits).toBe(2);
      // Per variant: the plan twice and a line repeated; a junk call and a repeated first call.
      expect(edited.padding.edits).toBe(4);
      expect(edited.extra_calls.edits).toBe(4);
      expect(edited.invented_transport.edits).toBeGreaterThanOrEqual(12);
      expect(edited.invented_transport.edits).toBeLessThanOrEqual(16);
    }
  });

  it('catches a scorer that an invented flight games, and names the edit', () => {
    const r = played[0]!;
    const gamed = editEpisode(editable(r), (input) => {
      const real = scoreEpisodeSync(input);
      return { ...real, total: input.answer.includes('ZH9876') ? 100 : real.total };
    });
    expect(gamed.no_tool_calls.raised).toEqual([]);
    expect(gamed.invented_transport.raised.length).toBe(4);
    expect(gamed.invented_transport.raised[0]).toMatchObject({
      taskId: r.taskId,
      variant: 'plan',
      edit: '，备选航班ZH9876 on line 0',
    });
    expect(gamed.invented_transport.raised[0]!.after).toBe(100);
  });

  it('skips an invented id the tools did return', () => {
    const r = played.find((p) => p.problem.problemType === 'intercity')!;
    const toolId = r.trace
      .map((t) => /航班\s*([A-Z0-9]{2}\d{3,4})/u.exec(t.resultText)?.[1])
      .find((id) => id !== undefined);
    if (toolId === undefined) return;
    const renamed = {
      ...r,
      trace: r.trace.map((t) => ({ ...t, resultText: t.resultText.replaceAll(toolId, 'ZH9876') })),
    };
    const edited = editEpisode(editable(renamed));
    // One invention fewer on each line of both variants (the plan, and the plan without transport lines).
    const lines = r.answer.split('\n');
    const idsOnly = lines.filter((l) => !/航班|车次|高铁|动车|飞机|火车/u.test(l));
    const positions = (n: number) => new Set([0, n - 1]).size;
    expect(
      editEpisode(editable(r)).invented_transport.edits - edited.invented_transport.edits,
    ).toBe(positions(lines.length) + positions(idsOnly.length));
  });

  it('scoring is deterministic whatever was scored before, safe results included', () => {
    const score = (r: EpisodeResult) => scoreEpisodeSync(editable(r));
    const first = played.map(score);
    const again = [...played].reverse().map(score).reverse();
    expect(again).toEqual(first);
    played.forEach((r, i) =>
      expect(toSafeResult(again[i]!, { salt: 's', answer: r.answer })).toEqual(
        toSafeResult(first[i]!, { salt: 's', answer: r.answer }),
      ),
    );
  });
});

describe('edit gates', () => {
  it('fail with the edit that rose the most', () => {
    const reference = {
      name: 'reference',
      kind: 'reference',
      description: 'd',
      episodes: 1,
      meanTotal: 50,
      maxTotal: 50,
      meanCode: 50,
      codePassShare: 1,
      hardConstraintFailureRates: {},
      meanStepRewardSum: 5,
    } as PolicyStats;
    const gates = evaluateGates([reference], { tasks: 0, changed: 0, leakedRequests: 0 }, [
      {
        name: 'invented_transport',
        description: 'd',
        measure: 'total',
        edits: 10,
        raised: 2,
        worst: {
          taskId: 4,
          variant: 'ids_only',
          edit: '，车次D8888 on line 0',
          before: 30,
          after: 36,
        },
      },
    ]);
    expect(gates.find((g) => g.gate === 'edits:invented_transport')).toEqual({
      gate: 'edits:invented_transport',
      passed: false,
      detail:
        '2 of 10 edits raised the total; most: task 4, ids_only, ，车次D8888 on line 0: 30 → 36',
    });
  });

  it('appear in an audit report and its table', async () => {
    const report = await runAudit({ tasks: [0, 1], policies: ['null'], now: FIXED_NOW });
    expect(report.edits.map((e) => e.name)).toEqual(EDIT_CHECKS.map((c) => c.name));
    for (const e of report.edits) expect(e).toMatchObject({ raised: 0 });
    expect(report.edits.find((e) => e.name === 'no_tool_calls')?.edits).toBe(4);
    const table = formatAuditTable(report);
    expect(table).toContain('edit checks on the reference plans');
    expect(table).toMatch(/PASS {2}edits:invented_transport +0 of \d+ edits raised the total/u);
  });
});

describe('navworld score --edits', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'navworld-score-edits-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function scoreEdits(records: readonly EpisodeResult[], json = false) {
    const path = join(dir, `results-${Math.random().toString(36).slice(2)}.jsonl`);
    await writeFile(path, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    const out: string[] = [];
    const err: string[] = [];
    const code = await scoreCommand(
      { episode: path, json, edits: true },
      undefined,
      (line) => err.push(line),
      (line) => out.push(line),
    );
    return { code, out, err };
  }

  it('passes reference plans, with the counts per check on stderr and the edits in the JSON rows', async () => {
    const r = await scoreEdits(played.slice(0, 3));
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(3);
    for (const c of EDIT_CHECKS) {
      expect(r.err).toContainEqual(
        expect.stringMatching(new RegExp(`^edit check ${c.name}: 0 of \\d+ edits raised`, 'u')),
      );
    }
    const json = await scoreEdits(played.slice(0, 2), true);
    const rows = JSON.parse(json.out.join('\n')) as Array<{
      edits: Record<string, { edits: number; raised: unknown[] }>;
    }>;
    expect(rows[0]!.edits['no_tool_calls']).toEqual({ edits: 2, raised: [] });
  });

  it('lists an edit that raises a score and exits 6: text that lifts a plan over the length minimum', async () => {
    // A reference plan cut just under the format check's 200 code points: any ten characters added lift it
    // over, an invented flight with its word included, and its near-zero total rises (the one boundary where
    // the checks fail by design; the audit's plans are far longer).
    let short: EpisodeResult | undefined;
    for (const r of played) {
      for (let n = 190; n < 200 && short === undefined; n++) {
        const answer = r.answer.slice(0, n);
        const lines = answer.split('\n');
        const edited = [`${lines[0]}，备选航班ZH9876`, ...lines.slice(1)].join('\n');
        const before = scoreEpisodeSync({ problem: r.problem, trace: r.trace, answer }).total;
        const after = scoreEpisodeSync({
          problem: r.problem,
          trace: r.trace,
          answer: edited,
        }).total;
        if (after > before) short = { ...r, answer, breakdown: null };
      }
    }
    expect(short).toBeDefined();
    const r = await scoreEdits([short!]);
    expect(r.code).toBe(6);
    expect(r.out).toContainEqual(
      expect.stringMatching(
        /^ {2}edit invented_transport raised the total [\d.]+ → [\d.]+ \(plan, ，备选航班ZH9876 on line 0\)$/u,
      ),
    );
    expect(r.err).toContainEqual(
      expect.stringMatching(
        /^edit check invented_transport: [1-9]\d* of \d+ edits raised the total$/u,
      ),
    );
    expect(r.err.at(-1)).toMatch(/edit\(s\) raised a score/u);
  });
});
