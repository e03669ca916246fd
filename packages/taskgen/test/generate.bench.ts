import { bench, describe } from 'vitest';
import { generateProblem, renderPrompt } from '../src/index';

// One iteration handles BATCH consecutive, never-repeating task ids, so timer overhead does not swamp a
// few-microsecond operation: the per-task time is the reported time divided by BATCH.
const BATCH = 100;
// Longer runs and a warm-up make the medians usable on a shared machine.
const OPTIONS = { time: 2_000, warmupTime: 500 };
let next = 0;
let sink = 0;

describe('taskgen (per iteration: 100 tasks)', () => {
  bench(
    'generateProblem + renderPrompt',
    () => {
      for (let i = 0; i < BATCH; i++) {
        const problem = generateProblem(next++ % 2_000_000_000);
        sink += renderPrompt(problem).length;
      }
    },
    OPTIONS,
  );

  bench(
    'generateProblem + read problem.prompt',
    () => {
      for (let i = 0; i < BATCH; i++) sink += generateProblem(next++ % 2_000_000_000).prompt.length;
    },
    OPTIONS,
  );

  bench(
    'generateProblem only',
    () => {
      for (let i = 0; i < BATCH; i++) sink += generateProblem(next++ % 2_000_000_000).budget;
    },
    OPTIONS,
  );

  bench(
    'generateProblem + prompt + problemHash',
    () => {
      for (let i = 0; i < BATCH; i++)
        sink += generateProblem(next++ % 2_000_000_000).problemHash.length;
    },
    OPTIONS,
  );
});

export { sink };
