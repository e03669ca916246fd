/* eslint-disable @typescript-eslint/no-explicit-any -- HTTP answers are untyped JSON checked by assertions. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NavworldError, type Judge } from '@navworld/core-types';
import { generateProblem } from '@navworld/taskgen';
import {
  createEnvironment,
  internalsOf,
  type Environment,
  type EnvironmentOptions,
} from '../src/environment/environment';
import { runReferenceAgent } from '../src/agent/reference-agent';
import {
  createScoringPool,
  createTickBatcher,
  scoreJob,
  scoreJobs,
  type ScoringJob,
} from '../src/environment/scoring-pool';
import { startServer } from '../src/server/start';
import { scoringThreadsFlag, serveCommand } from '../src/commands/serve';
import { bundleScoringWorker } from './helpers/bundle';
import { get, post } from './helpers/http';
import { watchSteps } from './helpers/reference-steps';

const OPTIONS = { salt: 'scoring-pool-tests', now: Date.UTC(2026, 0, 5), env: {} };
/** 35 tasks: five of each problem type, every difficulty. */
const TASKS = Array.from({ length: 35 }, (_, i) => i * 5 + 1);

let workerFile: string;
let dir: string;
beforeAll(async () => {
  workerFile = await bundleScoringWorker();
  dir = await mkdtemp(join(tmpdir(), 'navworld-scoring-pool-'));
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function pooled(extra: EnvironmentOptions = {}): Environment {
  return createEnvironment({
    ...OPTIONS,
    scoringThreads: 2,
    scoringWorkerFile: workerFile,
    ...extra,
  });
}

function poolOf(env: Environment) {
  const pool = internalsOf(env).scoringPool;
  if (pool === undefined) throw new Error('the environment runs no scoring pool');
  return pool;
}

/**
 * Plays the tasks with the reference agent (all at once) and returns, by task, the episode's breakdown, its
 * final-step info and its step inputs (for replaying the episode elsewhere).
 */
async function play(env: Environment, tasks: readonly number[]) {
  const { inputs, finals } = watchSteps(env);
  const results = await Promise.all(tasks.map((taskId) => runReferenceAgent(env, taskId)));
  return new Map(
    results.map((r) => [
      r.taskId,
      {
        breakdown: r.breakdown,
        info: finals.get(r.episodeId)?.info,
        inputs: inputs.get(r.episodeId) ?? [],
      },
    ]),
  );
}

type Played = Awaited<ReturnType<typeof play>>;

/**
 * Paths of what a structured clone would not keep as it is: frozen objects, class instances (Maps and Sets
 * included, which clone but would only compare equal by luck), functions.
 */
function notPlainData(value: unknown, path = '$'): string[] {
  if (typeof value === 'function') return [path];
  if (value === null || typeof value !== 'object') return [];
  const own: string[] = [];
  if (Object.isFrozen(value)) own.push(`${path} (frozen)`);
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) {
    own.push(`${path} (${value.constructor.name})`);
  }
  return own.concat(
    ...Object.entries(value).map(([key, inner]) => notPlainData(inner, `${path}.${key}`)),
  );
}

/** Breakdown and final info only (step inputs name their own episode ids). */
function scored(played: Played, taskId: number) {
  const { breakdown, info } = played.get(taskId)!;
  return { breakdown, info };
}

/**
 * Waits until the pool has posted a job to a worker. Only microtasks pass, so a worker started for it cannot
 * have answered yet (it has not even loaded).
 */
async function untilPosted(env: Environment): Promise<void> {
  for (let i = 0; i < 1000 && poolOf(env).stats().posted === 0; i++) await Promise.resolve();
  expect(poolOf(env).stats().posted).toBeGreaterThan(0);
}

/**
 * Replays the tasks' recorded tool steps in new episodes, then sends every final answer at once and returns
 * the pending final steps, in task order.
 */
async function finalStepsInFlight(env: Environment, played: Played, tasks: readonly number[]) {
  const opened = [];
  for (const taskId of tasks) {
    const inputs = played.get(taskId)!.inputs;
    const { episodeId } = env.reset({ taskId });
    for (const input of inputs.slice(0, -1)) await env.step({ ...input, episodeId });
    opened.push({ episodeId, last: inputs.at(-1)! });
  }
  return opened.map(({ episodeId, last }) => env.step({ ...last, episodeId }));
}

/**
 * A worker that never returns from a message holding an answer of 'HANG' and answers every other job with a
 * marker total (the answer's length).
 */
async function hangingWorker(): Promise<string> {
  const file = join(dir, 'hanging-worker.mjs');
  await writeFile(
    file,
    "import { parentPort } from 'node:worker_threads';\n" +
      "parentPort.on('message', ({ jobs }) => {\n" +
      "  if (jobs.some(({ job }) => job.answer === 'HANG')) for (;;) {}\n" +
      '  parentPort.postMessage({ replies: jobs.map(({ id, job }) => ' +
      '({ id, ok: true, outcome: { breakdown: { total: job.answer.length } } })) });\n' +
      '});\n',
  );
  return file;
}

function job(answer: string): ScoringJob {
  return { problem: generateProblem(3), trace: [], answer, salt: 's', debug: false };
}

/** A job's breakdown total, or the code of the error it was refused with. */
function settled(result: Promise<{ breakdown: unknown }>): Promise<unknown> {
  return result.then(
    (outcome) => (outcome.breakdown as { total: number }).total,
    (error: unknown) => (NavworldError.isInstance(error) ? error.code : String(error)),
  );
}

describe('scoring worker pool', () => {
  it('scores 35 reference episodes of every problem type exactly as in-process', async () => {
    expect(new Set(TASKS.map((t) => generateProblem(t).problemType)).size).toBe(7);
    const inProcess = createEnvironment(OPTIONS);
    const expected = await play(inProcess, TASKS);
    await inProcess.close();

    const env = pooled();
    const actual = await play(env, TASKS);
    const stats = poolOf(env).stats();
    await env.close();
    expect(stats).toMatchObject({ threads: 2, spawned: 2, failed: 0, fallbacks: 0 });
    for (const taskId of TASKS) {
      const want = scored(expected, taskId);
      const got = scored(actual, taskId);
      expect(got.breakdown).not.toBeNull();
      expect(got.breakdown).toStrictEqual(want.breakdown);
      expect(got.info).toStrictEqual(want.info);
      // What the server sends: byte-identical JSON (key order survives the structured clone).
      expect(JSON.stringify(got)).toBe(JSON.stringify(want));
    }
  }, 120_000);

  it('gives the same debug results (breakdown, facts, parsed plan)', async () => {
    const tasks = TASKS.slice(0, 7);
    const inProcess = createEnvironment({ ...OPTIONS, debug: true });
    const expected = await play(inProcess, tasks);
    await inProcess.close();

    const env = pooled({ debug: true });
    const actual = await play(env, tasks);
    expect(poolOf(env).stats().fallbacks).toBe(0);
    await env.close();
    for (const taskId of tasks) {
      // The in-process result is plain data, so the clone a worker sends back is exact.
      expect(notPlainData(expected.get(taskId)!.info)).toEqual([]);
      const got = actual.get(taskId)!.info!;
      expect(Object.keys(got).sort()).toEqual([
        'answerFacts',
        'breakdown',
        'parsed',
        'score',
        'toolFacts',
        'total',
      ]);
      expect(got).toStrictEqual(expected.get(taskId)!.info);
      expect(JSON.stringify(got)).toBe(JSON.stringify(expected.get(taskId)!.info));
    }
  }, 60_000);

  it('scores in-process when a worker exits, and stops starting workers that keep failing', async () => {
    const exiting = join(dir, 'exiting-worker.mjs');
    await writeFile(
      exiting,
      "import { parentPort } from 'node:worker_threads';\nparentPort.once('message', () => process.exit(7));\n",
    );
    const tasks = TASKS.slice(0, 8);
    const inProcess = createEnvironment(OPTIONS);
    const expected = await play(inProcess, tasks);
    await inProcess.close();

    const env = pooled({ scoringWorkerFile: exiting });
    const actual = await play(env, tasks);
    const stats = poolOf(env).stats();
    await env.close();
    for (const taskId of tasks) {
      expect(scored(actual, taskId)).toStrictEqual(scored(expected, taskId));
    }
    expect(stats.fallbacks).toBe(tasks.length);
    expect(stats.failed).toBeGreaterThanOrEqual(3);
    expect(stats.spawned).toBe(stats.failed);
    expect(stats).toMatchObject({ disabled: true, live: 0, posted: 0, queued: 0 });
  }, 60_000);

  it('refuses a job stuck past its deadline, stops its worker and gives the queued job to a new one', async () => {
    // A worker that never returns from an answer of 'HANG' and answers every other job with a marker total.
    const pool = createScoringPool({ threads: 1, file: await hangingWorker(), jobTimeoutMs: 300 })!;
    // Both go to the one worker; the second waits behind the stuck one.
    const stuck = pool.score(job('HANG'));
    const queued = pool.score(job('fine'));
    const error = await stuck.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(NavworldError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'INTERNAL' });
    expect((error as NavworldError).message).toContain('did not finish within 300 ms');
    expect((await queued).breakdown).toStrictEqual({ total: 4 });
    expect((await pool.score(job('again'))).breakdown).toStrictEqual({ total: 5 });
    expect(pool.stats()).toMatchObject({
      timedOut: 1,
      spawned: 2,
      failed: 0,
      fallbacks: 0,
      live: 1,
      disabled: false,
    });
    await pool.close();
    expect(pool.stats()).toMatchObject({ posted: 0, queued: 0 });
  }, 60_000);

  it('sends answers that queue behind a busy worker together, and scores them as in-process', async () => {
    const inProcess = createEnvironment(OPTIONS);
    const expected = await play(inProcess, TASKS);
    await inProcess.close();

    const env = pooled({ scoringThreads: 1 });
    const answers = await Promise.all(await finalStepsInFlight(env, expected, TASKS));
    const stats = poolOf(env).stats();
    expect(env.stats().scoring.batched).toBe(stats.batched);
    await env.close();
    answers.forEach((answer, i) => {
      expect(answer.done).toBe(true);
      expect(answer.info).toStrictEqual(expected.get(TASKS[i]!)!.info);
    });
    // The first two answers go alone (the worker is still loading when the others queue); the other 33 leave
    // in messages of at most 16 as the worker answers: 16, 16, then the last one alone.
    expect(stats).toMatchObject({ fallbacks: 0, failed: 0, spawned: 1, timedOut: 0 });
    expect(stats.batched).toBeGreaterThanOrEqual(TASKS.length - 3);
    expect(stats.messages).toBeLessThanOrEqual(2 + Math.ceil((TASKS.length - 2) / 16));
  }, 120_000);

  it('scores each job of a batch alone when one of them is invalid', () => {
    const problem = generateProblem(3);
    const good: ScoringJob = { problem, trace: [], answer: '方案', salt: 's', debug: false };
    const bad = { ...good, problem: { ...problem, problemType: 'nope' } } as unknown as ScoringJob;
    const outcomes = scoreJobs([good, bad, { ...good, debug: true }]);
    expect(outcomes[0]).toStrictEqual(scoreJob(good));
    expect('error' in outcomes[1]! && outcomes[1].error).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(outcomes[2]).toStrictEqual(scoreJob({ ...good, debug: true }));
    expect(Object.keys(outcomes[2]!).sort()).toEqual([
      'answerFacts',
      'breakdown',
      'parsed',
      'toolFacts',
    ]);
  });

  it('refuses only the stuck job of a batch that passed its deadline; the others are answered', async () => {
    const pool = createScoringPool({ threads: 1, file: await hangingWorker(), jobTimeoutMs: 300 })!;
    // Two go alone to the idle worker; the next three queue behind them and leave as one message, whose
    // first job (the first deadline to pass) is not the stuck one.
    const answers = ['a', 'bb', 'ccc', 'HANG', 'eeeee'];
    const results = answers.map((answer) => settled(pool.score(job(answer))));
    expect(await Promise.all(results)).toEqual([1, 2, 3, 'INTERNAL', 5]);
    // The batch's deadline stopped one worker without refusing anyone; HANG, then alone, stopped another.
    expect(pool.stats()).toMatchObject({
      timedOut: 1,
      spawned: 3,
      batched: 3,
      failed: 0,
      fallbacks: 0,
      disabled: false,
    });
    await pool.close();
    expect(pool.stats()).toMatchObject({ posted: 0, queued: 0 });
  }, 60_000);

  it('answers a step whose worker is terminated mid-job, and replaces the worker on next use', async () => {
    const inProcess = createEnvironment(OPTIONS);
    const expected = await play(inProcess, [3, 4]);
    await inProcess.close();

    const env = pooled({ scoringThreads: 1 });
    const [first] = await finalStepsInFlight(env, expected, [3]);
    await untilPosted(env);
    const [victim] = poolOf(env).workers();
    await victim!.terminate();
    const answered = await first!;
    expect(answered.done).toBe(true);
    expect(answered.info).toStrictEqual(expected.get(3)!.info);
    expect(poolOf(env).stats()).toMatchObject({ spawned: 1, failed: 1, fallbacks: 1, live: 0 });

    const [second] = await finalStepsInFlight(env, expected, [4]);
    expect((await second!).info).toStrictEqual(expected.get(4)!.info);
    expect(poolOf(env).stats()).toMatchObject({ spawned: 2, failed: 1, fallbacks: 1, live: 1 });
    await env.close();
  }, 60_000);

  it('close() (even twice) waits for the steps being scored, answers them, then stops the workers', async () => {
    const tasks = TASKS.slice(0, 6);
    const inProcess = createEnvironment(OPTIONS);
    const expected = await play(inProcess, tasks);
    await inProcess.close();

    const env = pooled();
    const steps = await finalStepsInFlight(env, expected, tasks);
    await untilPosted(env);
    const order: string[] = [];
    const all = Promise.all(steps).then((answers) => {
      order.push('steps');
      return answers;
    });
    // A second close (say, a server's shutdown and its owner both) waits for the same.
    await Promise.all([env.close(), env.close()]).then(() => order.push('closed'));
    const answers = await all;
    expect(order).toEqual(['steps', 'closed']);
    answers.forEach((answer, i) => {
      expect(answer.done).toBe(true);
      expect(answer.info).toStrictEqual(expected.get(tasks[i]!)!.info);
    });
    expect(poolOf(env).stats()).toMatchObject({ live: 0, posted: 0, queued: 0, failed: 0 });
  }, 60_000);

  it('rejects bad scoringThreads values with a typed error and a hint', () => {
    for (const bad of [
      -1,
      1.5,
      65,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '2' as unknown as number,
    ]) {
      let caught: unknown;
      try {
        createEnvironment({ ...OPTIONS, scoringThreads: bad });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(NavworldError);
      expect(caught).toMatchObject({ code: 'INVALID_ARGUMENT', hint: expect.any(String) });
      expect((caught as Error).message).toContain(
        'scoringThreads must be a whole number from 0 to 64',
      );
    }
    expect(() =>
      createEnvironment({
        ...OPTIONS,
        scoringThreads: 1,
        scoringWorkerFile: 42 as unknown as string,
      }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it('scores in-process with 0 threads, with a judge, or when the worker file is missing', async () => {
    const judge: Judge = { judge: () => Promise.resolve({ available: false, error: 'offline' }) };
    for (const extra of [
      { scoringThreads: 0 },
      { judge },
      { scoringWorkerFile: join(dir, 'no-such-worker.js') },
      { scoringWorkerFile: undefined },
    ]) {
      const env = pooled(extra);
      expect(internalsOf(env).scoringPool).toBeUndefined();
      const { episodeId } = env.reset({ taskId: 1 });
      expect((await env.step({ episodeId, content: '方案' })).done).toBe(true);
      await env.close();
    }
  });
});

describe('in-process scoring of answers that arrive together', () => {
  it('scores final answers sent at once as batches, each as it scores alone', async () => {
    const tasks = TASKS.slice(0, 14);
    const alone = createEnvironment(OPTIONS);
    // One episode at a time: every batch holds one final answer.
    const expected: Played = new Map();
    for (const taskId of tasks) {
      for (const [id, episode] of await play(alone, [taskId])) expected.set(id, episode);
    }
    const aloneStats = internalsOf(alone).tickBatcher!.stats();
    await alone.close();
    expect(aloneStats.batches).toBe(aloneStats.jobs);

    const env = createEnvironment(OPTIONS);
    const answers = await Promise.all(await finalStepsInFlight(env, expected, tasks));
    const stats = internalsOf(env).tickBatcher!.stats();
    await env.close();
    answers.forEach((answer, i) => {
      expect(answer.done).toBe(true);
      expect(answer.info).toStrictEqual(expected.get(tasks[i]!)!.info);
      expect(JSON.stringify(answer.info)).toBe(JSON.stringify(expected.get(tasks[i]!)!.info));
    });
    expect(stats).toEqual({ jobs: tasks.length, batches: 1 });
  }, 60_000);

  it('gives each job of a batch its own outcome or error, and starts a new batch after a flush', async () => {
    const batcher = createTickBatcher();
    const good = job('方案');
    const bad = {
      ...good,
      problem: { ...good.problem, problemType: 'nope' },
    } as unknown as ScoringJob;
    const [a, b, c] = await Promise.allSettled([
      batcher.score(good),
      batcher.score(bad),
      batcher.score({ ...good, debug: true }),
    ]);
    expect(a).toEqual({ status: 'fulfilled', value: scoreJob(good) });
    expect(b).toMatchObject({ status: 'rejected', reason: { code: 'VALIDATION_FAILED' } });
    expect(c).toEqual({ status: 'fulfilled', value: scoreJob({ ...good, debug: true }) });
    expect(batcher.stats()).toEqual({ jobs: 3, batches: 1 });
    await batcher.score(good);
    expect(batcher.stats()).toEqual({ jobs: 4, batches: 2 });
  });

  it('is not used with scoring threads or a judge', () => {
    const judge: Judge = { judge: () => Promise.resolve({ available: false, error: 'offline' }) };
    expect(internalsOf(createEnvironment({ ...OPTIONS, judge })).tickBatcher).toBeUndefined();
    expect(internalsOf(pooled()).tickBatcher).toBeUndefined();
  });
});

describe('navworld serve --scoring-threads', () => {
  it('reads a count or auto (min(4, cores - 1), 0 on one core) and rejects anything else', async () => {
    expect(scoringThreadsFlag(undefined, 8)).toBe(4);
    expect(scoringThreadsFlag('auto', 2)).toBe(1);
    expect(scoringThreadsFlag('auto', 1)).toBe(0);
    expect(scoringThreadsFlag('0', 8)).toBe(0);
    expect(scoringThreadsFlag(3, 8)).toBe(3);
    for (const bad of ['lots', '-1', '1.5', '65', '']) {
      expect(() => scoringThreadsFlag(bad, 8)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', hint: expect.any(String) }),
      );
    }
    await expect(
      serveCommand({ port: 0, scoringThreads: 'many', write: () => undefined }),
    ).rejects.toThrow(/--scoring-threads/);
  });
});

describe('scoring threads over HTTP', () => {
  it('a server started with scoringThreads answers reference traffic with the in-process totals', async () => {
    const tasks = TASKS.slice(0, 14);
    const inProcess = createEnvironment(OPTIONS);
    const expected = await play(inProcess, tasks);
    await inProcess.close();

    const running = await startServer({
      port: 0,
      log: false,
      environmentOptions: { ...OPTIONS, scoringThreads: 2, scoringWorkerFile: workerFile },
    });
    try {
      // The server loads its scoring threads when it starts, not on the first answers.
      expect(poolOf(running.server.environment).stats()).toMatchObject({
        live: 2,
        spawned: 2,
        posted: 0,
      });
      const finals = await Promise.all(
        tasks.map(async (taskId) => {
          const reset = await post(running.url, '/v1/reset', { task_id: taskId });
          const episodeId: string = reset.json.episode_id;
          let last: any;
          for (const input of expected.get(taskId)!.inputs) {
            const answer = await post(running.url, '/v1/step', {
              episode_id: episodeId,
              tool_calls: input.toolCalls ?? null,
              content: input.content ?? null,
            });
            expect(answer.status).toBe(200);
            last = answer.json;
          }
          return { taskId, episodeId, last };
        }),
      );
      for (const { taskId, episodeId, last } of finals) {
        const want = expected.get(taskId)!;
        expect(last.done).toBe(true);
        expect(last.info.total).toBe(want.breakdown!.total);
        expect(last.info).toMatchObject(JSON.parse(JSON.stringify(want.info)));
        expect(running.server.environment.getEpisode(episodeId)?.breakdown).toStrictEqual(
          want.breakdown,
        );
      }
      expect(poolOf(running.server.environment).stats()).toMatchObject({
        spawned: 2,
        fallbacks: 0,
      });
      // The pool is visible to monitoring: two live workers, nothing pending, no fallbacks.
      const metrics = await get(running.url, '/metrics');
      expect(metrics.text).toContain(
        '# TYPE navworld_scoring_threads gauge\nnavworld_scoring_threads 2\n',
      );
      expect(metrics.text).toContain('navworld_scoring_pending 0\n');
      expect(metrics.text).toContain(
        '# TYPE navworld_scoring_fallbacks_total counter\nnavworld_scoring_fallbacks_total 0\n',
      );
      expect(metrics.text).toContain(
        '# TYPE navworld_scoring_timeouts_total counter\nnavworld_scoring_timeouts_total 0\n',
      );
      expect(metrics.text).toContain(
        '# TYPE navworld_scoring_batched_total counter\nnavworld_scoring_batched_total ',
      );
      expect(running.server.environment.stats().scoring).toEqual({
        threads: 2,
        pending: 0,
        fallbacks: 0,
        timedOut: 0,
        batched: expect.any(Number),
      });
    } finally {
      await running.close();
    }
    expect(poolOf(running.server.environment).stats().live).toBe(0);
  }, 60_000);
});
