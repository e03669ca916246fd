import { bench, describe } from 'vitest';
import { summarize } from '../src/stats/summary';
import { syntheticResult } from './helpers/synthetic';

// The statistics of a report or of the end of an evaluation: means with bootstrap intervals (2,000 resamples)
// overall and per type, difficulty and city, pass@k and the tables. The bootstrap dominates and grows with
// the episodes.
const results = Array.from({ length: 2_000 }, (_, i) =>
  syntheticResult({
    taskId: i % 700,
    total: (i * 37) % 101,
    city: ['北京', '上海', '杭州'][i % 3],
  }),
);

describe('batch summary', () => {
  bench('summarize 2,000 episodes', () => {
    summarize(results);
  });
});
