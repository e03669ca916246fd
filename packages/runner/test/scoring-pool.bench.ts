import { afterAll, bench, describe } from 'vitest';
import type { EpisodeResult } from '@navworld/core-types';
import { runReferenceAgent } from '../src/agent/reference-agent';
import { createEnvironment } from '../src/environment/environment';
import { pathToFileURL } from 'node:url';
import {
  createScoringPool,
  type ScoringJob,
  type ScoringPool,
} from '../src/environment/scoring-pool';
import type * as ScoringPoolModule from '../src/environment/scoring-pool';
import { bundleForNode, bundleScoringWorker, runnerPath } from './helpers/bundle';

// A burst of final answers to one scoring thread: 64 reference episodes (every problem type) sent at once,
// the time to score them all. Once the idle worker has taken its first two, the rest queue; the pool then
// posts them in messages of up to 16 (scored as batches) or, for comparison, one per message. The same
// episodes recur in every round, so the worker's cache of tool-result facts is warm in both cases.
// Run: npx vitest bench --run --project runner test/scoring-pool.bench.ts
const BURST = 64;
const env = createEnvironment({ salt: 'bench', env: {}, maxEpisodes: 1_000 });
const played: EpisodeResult[] = [];
for (let i = 0; i < BURST; i++) played.push(await runReferenceAgent(env, i * 7 + 1));
await env.close();
const jobs: ScoringJob[] = played.map((e) => ({
  problem: e.problem,
  trace: e.trace,
  answer: e.answer,
  salt: 'bench',
  debug: false,
}));
const file = await bundleScoringWorker();
const pools: ScoringPool[] = [];

function burst(maxBatch: number): () => Promise<void> {
  const pool = createScoringPool({ threads: 1, file, maxBatch })!;
  pools.push(pool);
  return async () => {
    await Promise.all(jobs.map((job) => pool.score(job)));
  };
}

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

const options = { time: 4000, warmupTime: 2000 };

describe(`scoring pool, 1 thread, ${BURST} final answers at once (time per burst)`, () => {
  bench('queued answers posted in messages of up to 16', burst(16), options);
  bench('one answer per message', burst(1), options);
});

// The same burst scored in the calling thread, as an environment without scoring threads does: answers that
// arrive together are scored as one batch, against each scored on its own. The scoring code is bundled by
// esbuild, as the worker's is (Vite's transform of the sources turns every call between modules into a getter,
// which costs the batch more than it costs single calls), so the figures compare like the installed package.
const inProcess = (await import(
  pathToFileURL(
    await bundleForNode(
      'tick-batcher',
      `export { createTickBatcher, scoreJob } from ${JSON.stringify(runnerPath('src/environment/scoring-pool.ts'))};\n`,
    ),
  ).href
)) as typeof ScoringPoolModule;
const { createTickBatcher, scoreJob } = inProcess;

describe(`in-process scoring, ${BURST} final answers at once (time per burst)`, () => {
  const batcher = createTickBatcher();
  bench(
    'answers of one turn of the loop scored as a batch',
    async () => {
      await Promise.all(jobs.map((job) => batcher.score(job)));
    },
    options,
  );
  bench(
    'each answer scored alone',
    () => {
      for (const job of jobs) scoreJob(job);
    },
    options,
  );
});
