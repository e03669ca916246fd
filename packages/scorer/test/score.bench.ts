import { bench, describe } from 'vitest';
import { scoreEpisodeSync } from '../src';
import { bigPlan, bigProblem, bigTrace } from './bench-fixtures';

const small = { problem: bigProblem, trace: bigTrace(5), answer: bigPlan(2900) };
const large = { problem: bigProblem, trace: bigTrace(15), answer: bigPlan(12000) };

// Targets: median ≤ 0.5 ms (2,900-character plan, 5 calls) and ≤ 2 ms (12,000 characters, 15 calls), judge off.
// The original Python scorer: 2.8 ms (290 characters) and 7.9 ms (2,900 characters, 5 calls).
describe('scoreEpisodeSync', () => {
  bench(
    '2,900-character plan, 5-call trace',
    () => {
      scoreEpisodeSync(small);
    },
    { time: 2000 },
  );
  bench(
    '12,000-character plan, 15-call trace',
    () => {
      scoreEpisodeSync(large);
    },
    { time: 2000 },
  );
});
