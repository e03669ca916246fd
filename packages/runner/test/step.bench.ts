import { bench, describe } from 'vitest';
import { createEnvironment } from '../src/index';
import { FIXED_NOW } from './helpers/episode';

// In-process overhead of one `step` with one cached tool call (offline world): validation, budget, trace,
// step reward, tool message. Target: median ≤ 0.2 ms.
const env = createEnvironment({ salt: 'bench', now: FIXED_NOW, env: {}, maxEpisodes: 5000 });
const pool = Array.from({ length: 4000 }, () => env.reset({ taskId: 131 }));
const city = pool[0]!.problem.destinationCity;
const args = JSON.stringify({ address: '景点', region: city });
let next = 0;
let uses = 0;

// Warm the cache so that every measured call is a cache hit.
await env.step({
  episodeId: env.reset({ taskId: 131 }).episodeId,
  toolCalls: [{ id: 'warm', type: 'function', function: { name: 'poi_search', arguments: args } }],
});

describe('environment', () => {
  bench('step with one cached poi_search call', async () => {
    // Each episode takes ten steps (the poi_search budget), then the next one is used.
    const { episodeId } = pool[next]!;
    if (++uses === 10) {
      uses = 0;
      next = (next + 1) % pool.length;
    }
    await env.step({
      episodeId,
      toolCalls: [
        { id: `c${uses}`, type: 'function', function: { name: 'poi_search', arguments: args } },
      ],
    });
  });
});
