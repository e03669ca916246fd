import { bench, describe } from 'vitest';
import { createEnvironment, runReferenceAgent } from '../src/index';
import { FIXED_NOW } from './helpers/episode';

// One pass of the reference agent over tasks 0–69 in one thread (tools, plan, full code scoring). The full
// 0–699 sweep on two cores is `navworld evaluate --tasks 0-699 --workers 2` (see the README).
describe('reference sweep', () => {
  bench(
    'tasks 0-69, one thread',
    async () => {
      const env = createEnvironment({ salt: 'sweep-bench', now: FIXED_NOW, env: {} });
      for (let taskId = 0; taskId < 70; taskId++) await runReferenceAgent(env, taskId);
      await env.close();
    },
    { iterations: 2, warmupIterations: 0, time: 0, warmupTime: 0 },
  );
});
