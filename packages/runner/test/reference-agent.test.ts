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
});
