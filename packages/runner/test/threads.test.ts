// The thread pool of `navworld evaluate --workers N`, run with real worker threads whose script stands in for
// the reference agent: each way a job or a thread can fail is reported once, with its job, no job starts
// after it, and every thread has exited when the pool returns.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EpisodeResult, Epoch } from '@navworld/core-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInThreads, type Job } from '../src/internal/threads';

// Plays a job by posting back its ids after a moment; the job whose task is BAD fails as MODE says: a failure
// message (what the real script posts when the agent rejects), an exception the thread does not catch, or
// the thread exiting on its own.
const SCRIPT = `
import { parentPort, workerData } from 'node:worker_threads';
const { MODE, BAD } = workerData.env;
parentPort.on('message', (job) => {
  if (job === null) {
    parentPort.close();
    return;
  }
  if (job.taskId === Number(BAD)) {
    if (MODE === 'post') {
      parentPort.postMessage({ ok: false, job, error: 'TypeError: a bug met in task ' + job.taskId });
      return;
    }
    if (MODE === 'throw') throw new RangeError('uncaught in the thread');
    if (MODE === 'exit') process.exit(3);
  }
  parentPort.postMessage({ warning: 'a tool warning' });
  setTimeout(() => parentPort.postMessage({ ok: true, result: { taskId: job.taskId, repeat: job.repeat } }), 20);
});
`;

const EPOCH: Epoch = { id: 1, salt: 'threads', startsAt: 0, endsAt: 604_800, pinned: true };

let dir: string;
let script: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'navworld-threads-'));
  script = join(dir, 'worker.mjs');
  await writeFile(script, SCRIPT);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Run {
  recorded: Job[];
  failures: Array<{ error: unknown; job?: Job }>;
  warnings: string[];
}

async function run(
  env: Record<string, string>,
  jobs: number,
  threads: number,
  record?: (r: EpisodeResult) => Promise<void>,
): Promise<Run> {
  const out: Run = { recorded: [], failures: [], warnings: [] };
  await runInThreads(
    script,
    threads,
    Array.from({ length: jobs }, (_, taskId) => ({ taskId, repeat: 0 })),
    {
      epoch: EPOCH,
      world: 'offline',
      env,
      judge: false,
      record:
        record ??
        (async (r) => {
          out.recorded.push({ taskId: r.taskId, repeat: r.repeat ?? 0 });
        }),
      logger: { warn: (w) => out.warnings.push(w) },
      stopped: () => out.failures.length > 0,
      fail: (error, job) => {
        out.failures.push(job === undefined ? { error } : { error, job });
      },
    },
  );
  return out;
}

describe('runInThreads', () => {
  it('plays every job once across the threads and passes on their warnings', async () => {
    const r = await run({ MODE: 'none', BAD: '-1' }, 7, 3);
    expect(r.failures).toEqual([]);
    expect(r.recorded.map((j) => j.taskId).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(r.warnings).toHaveLength(7);
  });

  it('reports a job its thread posts as failed, and starts no job after it', async () => {
    const r = await run({ MODE: 'post', BAD: '1' }, 12, 2);
    expect(r.failures).toEqual([
      { error: 'TypeError: a bug met in task 1', job: { taskId: 1, repeat: 0 } },
    ]);
    // Task 0 and the other thread's job under way finish; at most one more job had started before the failure.
    expect(r.recorded.length).toBeLessThanOrEqual(3);
    expect(r.recorded.map((j) => j.taskId)).not.toContain(1);
  });

  it('reports an exception the thread did not catch, with the job it was playing', async () => {
    const r = await run({ MODE: 'throw', BAD: '2' }, 12, 2);
    expect(r.failures[0]?.job).toEqual({ taskId: 2, repeat: 0 });
    expect(r.failures[0]?.error).toBeInstanceOf(Error);
    expect(String(r.failures[0]?.error)).toContain('uncaught in the thread');
    expect(r.recorded.length).toBeLessThan(12);
  });

  it('reports a thread that exits on its own mid-job, with that job', async () => {
    const r = await run({ MODE: 'exit', BAD: '0' }, 6, 1);
    expect(r.failures).toEqual([
      { error: 'its worker thread stopped with exit code 3', job: { taskId: 0, repeat: 0 } },
    ]);
    expect(r.recorded).toEqual([]);
  });

  it('reports a result that cannot be recorded, with its job', async () => {
    const r = await run({ MODE: 'none', BAD: '-1' }, 5, 1, async (result) => {
      if (result.taskId === 1) throw new Error('disk full');
    });
    expect(r.failures).toHaveLength(1);
    expect(String(r.failures[0]?.error)).toContain('disk full');
    expect(r.failures[0]?.job).toEqual({ taskId: 1, repeat: 0 });
  });
});
