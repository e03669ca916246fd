import { describe, expect, it } from 'vitest';
import {
  createEnvironment,
  MAX_TOOL_STEPS,
  playReferenceEpisode,
  runReferenceAgent,
  startServer,
} from '../src/index';
import { FIXED_NOW } from './helpers/episode';
import { httpReset, httpStepper } from './helpers/http-stepper';

const OPTIONS = { salt: 'play-reference', now: FIXED_NOW, env: {} };
const TASKS = [3, 131, 402];

describe('playReferenceEpisode', () => {
  it('plays the same episode as runReferenceAgent and counts its steps and calls', async () => {
    for (const taskId of TASKS) {
      const expected = await runReferenceAgent(createEnvironment(OPTIONS), taskId);
      const env = createEnvironment(OPTIONS);
      const played = await playReferenceEpisode(env, env.reset({ taskId }));
      const episode = env.getEpisode(played.final.episodeId)!;
      expect(played.answer).toBe(expected.answer);
      expect(played.final.done).toBe(true);
      expect(played.final.info?.['total']).toBe(expected.total);
      expect(played.steps).toBe(episode.step);
      expect(played.toolCalls).toBe(episode.trace.length);
    }
  });

  it('plays a server over HTTP with the same scores', async () => {
    const running = await startServer({ port: 0, log: false, environmentOptions: OPTIONS });
    try {
      for (const taskId of TASKS) {
        const expected = await runReferenceAgent(createEnvironment(OPTIONS), taskId);
        const played = await playReferenceEpisode(
          httpStepper(running.url),
          await httpReset(running.url, taskId),
        );
        expect(played.answer).toBe(expected.answer);
        expect(played.final.info?.['total']).toBe(expected.total);
      }
    } finally {
      await running.close();
    }
  });

  it('sends one call per step with callsPerStep 1, grouping only to stay within the tool-step limit', async () => {
    let grouped = 0;
    for (let taskId = 0; taskId < 40; taskId++) {
      const batched = await runReferenceAgent(createEnvironment(OPTIONS), taskId);
      for (const callsPerStep of [1, 3]) {
        const env = createEnvironment(OPTIONS);
        const played = await playReferenceEpisode(env, env.reset({ taskId }), { callsPerStep });
        const episode = env.getEpisode(played.final.episodeId)!;
        // The same calls in the same order, so the same plan and the same score.
        expect(episode.trace.map((e) => [e.name, e.rawArguments])).toEqual(
          batched.trace.map((e) => [e.name, e.rawArguments]),
        );
        expect(played.answer).toBe(batched.answer);
        expect(played.final.info?.['total']).toBe(batched.total);
        expect(played.steps - 1).toBeLessThanOrEqual(MAX_TOOL_STEPS);
        const perStep = new Map<number, number>();
        for (const e of episode.trace)
          perStep.set(e.step ?? -1, (perStep.get(e.step ?? -1) ?? 0) + 1);
        const sizes = [...perStep.values()];
        if (played.toolCalls + 1 <= MAX_TOOL_STEPS / callsPerStep) {
          expect(Math.max(...sizes)).toBeLessThanOrEqual(callsPerStep);
        }
        if (Math.max(...sizes) > callsPerStep) grouped++;
        expect(played.steps).toBe(sizes.length + 1);
      }
    }
    // Some of these tasks make more calls than there are tool steps: the grouping was exercised.
    expect(grouped).toBeGreaterThan(0);
  });

  it('rejects a callsPerStep that is not a positive integer', async () => {
    const env = createEnvironment(OPTIONS);
    for (const callsPerStep of [0, -1, 1.5, Number.NaN]) {
      await expect(
        playReferenceEpisode(env, env.reset({ taskId: 3 }), { callsPerStep }),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
      // runReferenceAgent refuses it before opening an episode.
      const before = env.stats().created;
      await expect(runReferenceAgent(env, 3, { callsPerStep })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
      });
      expect(env.stats().created).toBe(before);
    }
  });
});
