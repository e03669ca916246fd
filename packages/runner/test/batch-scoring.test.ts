// Batch scoring of played episodes: the reference agent and every judge-free exploit policy, whose answers trip
// every defence, scored as one batch and one by one.
import type { EpisodeResult } from '@navworld/core-types';
import { scoreEpisodeSync, scoreEpisodesSync } from '@navworld/scorer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReferenceAgent } from '../src/agent/reference-agent';
import { EXPLOIT_POLICIES } from '../src/audit/policies';
import { createEnvironment, type Environment } from '../src/environment/environment';

const TASKS = Array.from({ length: 8 }, (_, i) => i * 37);
const NOW = Date.UTC(2026, 0, 5);
let env: Environment;
let staleEnv: Environment;
const episodes: EpisodeResult[] = [];

beforeAll(async () => {
  env = createEnvironment({ salt: 'batch', now: NOW, env: {}, maxEpisodes: 1_000 });
  staleEnv = createEnvironment({ salt: 'batch-stale', now: NOW, env: {}, maxEpisodes: 1_000 });
  for (const taskId of TASKS) {
    const reference = await runReferenceAgent(env, taskId);
    episodes.push(reference);
    for (const policy of EXPLOIT_POLICIES) {
      if (policy.kind === 'injection') continue;
      episodes.push(await policy.run({ env, staleEnv, judgedEnv: undefined, reference }, taskId));
    }
  }
}, 120_000);

afterAll(async () => {
  await Promise.all([env.close(), staleEnv.close()]);
});

describe('scoreEpisodesSync on played episodes', () => {
  it('gives the breakdowns of single calls, and those the environment recorded', () => {
    const inputs = episodes.map((e) => ({ problem: e.problem, trace: e.trace, answer: e.answer }));
    expect(inputs.length).toBeGreaterThan(64);
    const batch = scoreEpisodesSync(inputs);
    expect(batch).toEqual(inputs.map((x) => scoreEpisodeSync(x)));
    // The environment scored each episode alone when it ended.
    expect(batch.map((b) => b.total)).toEqual(episodes.map((e) => e.total));
    // The policies' scores span the range: the batch holds failing and passing episodes side by side.
    const totals = batch.map((b) => b.total);
    expect(Math.min(...totals)).toBeLessThan(5);
    expect(Math.max(...totals)).toBeGreaterThan(45);
  });
});
