import { describe, expect, it } from 'vitest';
import {
  createEnvironment,
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
});
