import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '@navworld/core-types';
import { describe, expect, it } from 'vitest';
import { createEnvironment, runReferenceAgent } from '../src/index';
import { FIXED_NOW, assertValidConversation } from './helpers/episode';

describe('reference agent (offline world)', () => {
  it('earns a code score of at least 45/50 on at least 95 % of tasks 0-69', async () => {
    const env = createEnvironment({ salt: 'reference-tests', now: FIXED_NOW, env: {} });
    const results = [];
    for (let taskId = 0; taskId < 70; taskId++) results.push(await runReferenceAgent(env, taskId));
    const codes = results.map((r) => r.breakdown!.codeTotal);
    const passing = codes.filter((c) => c >= 45).length;
    const mean = codes.reduce((a, b) => a + b, 0) / codes.length;
    const low = results
      .filter((r) => r.breakdown!.codeTotal < 45)
      .map((r) => `${r.taskId}:${r.problem.problemType}:${r.breakdown!.codeTotal}`);
    console.log(
      `reference agent: ${passing}/70 at >= 45, mean code score ${mean.toFixed(2)}; below: ${low.join(' ')}`,
    );
    expect(passing / 70).toBeGreaterThanOrEqual(0.95);
    for (const r of results) {
      expect(r.validForScoring).toBe(true);
      expect(assertValidConversation(r.messages)).toBeNull();
      expect(r.trace.length).toBeGreaterThan(3);
      // The plan only uses what the tools returned: every hard constraint holds.
      expect(r.breakdown!.hardConstraintMultiplier).toBe(1);
    }
  }, 300_000);

  it('is deterministic: the same task and salt give the same answer and score', async () => {
    const a = await runReferenceAgent(
      createEnvironment({ salt: 's1', now: FIXED_NOW, env: {} }),
      17,
    );
    const b = await runReferenceAgent(
      createEnvironment({ salt: 's1', now: FIXED_NOW, env: {} }),
      17,
    );
    expect(a.answer).toBe(b.answer);
    expect(a.total).toBe(b.total);
    expect(a.trace.map((t) => t.resultText)).toEqual(b.trace.map((t) => t.resultText));
  });

  it('returns an unscored record when a tool failure ends the episode, in either batch of calls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'navworld-reference-ended-'));
    try {
      const cassette = join(dir, 'task0.jsonl');
      const options = { salt: 'reference-ended', now: FIXED_NOW, env: {}, cassettePath: cassette };
      const recorder = createEnvironment({ ...options, world: 'record' });
      const played = await runReferenceAgent(recorder, 0);
      await recorder.close();
      expect(played.validForScoring).toBe(true);
      const replay = createEnvironment({ ...options, world: 'replay' });
      // Another task's calls are not on the cassette: the first batch ends the episode.
      const other = await runReferenceAgent(replay, 1);
      expect(other.validForScoring).toBe(false);
      expect(other.error).toMatch(/^CASSETTE_MISS: /);
      expect(other.total).toBe(0);
      expect(other.answer).toBe('');
      // Task 0 without its routes: the first batch replays, the second ends the episode.
      const lines = readFileSync(cassette, 'utf8').trim().split('\n');
      const kept = lines.filter((l) => !l.includes('"tool":"direction"'));
      expect(kept.length).toBeLessThan(lines.length);
      writeFileSync(cassette, `${kept.join('\n')}\n`);
      writeFileSync(
        `${cassette}.manifest.json`,
        JSON.stringify({ format: 'navworld-cassette/1', lines: kept.map((l) => sha256Hex(l)) }),
      );
      const partial = createEnvironment({ ...options, world: 'replay' });
      const cut = await runReferenceAgent(partial, 0);
      expect(cut.validForScoring).toBe(false);
      expect(cut.error).toMatch(/^CASSETTE_MISS: /);
      expect(cut.trace.some((t) => t.name === 'poi_search' && t.ok)).toBe(true);
      await Promise.all([replay.close(), partial.close()]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
