// The worker threads of `navworld evaluate --workers N`: jobs handed out one at a time, results recorded in
// completion order, and any failure of a job or a thread reported once without leaving a thread running.
import { Worker } from 'node:worker_threads';
import type { EpisodeResult, Epoch } from '@navworld/core-types';
import type { ToolLogger, WorldName } from '@navworld/tools';
import type { SweepWorkerMessage } from './sweep-worker';

/** One episode to play: a task and which repeat of it. */
export interface Job {
  taskId: number;
  repeat: number;
}

/** What {@link runInThreads} shares with every thread and reports to. */
export interface ThreadSweep {
  epoch: Epoch;
  world: WorldName;
  env: Record<string, string | undefined>;
  judge: boolean;
  record: (r: EpisodeResult) => Promise<void>;
  /** Receives the warnings the workers' tools post. */
  logger: ToolLogger;
  stopped: () => boolean;
  fail: (error: unknown, job?: Job) => void;
}

/**
 * Plays reference jobs in worker threads (one environment per thread, same epoch). Resolves once every
 * thread has exited and every result is recorded; it never rejects: a failure (a job that throws, a thread
 * that dies, a result that cannot be recorded) goes to `fail`, and from then on `stopped` tells the other
 * threads to take no new job.
 */
export async function runInThreads(
  file: string,
  count: number,
  jobs: Job[],
  shared: ThreadSweep,
): Promise<void> {
  let next = 0;
  let chain = Promise.resolve();
  const one = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const worker = new Worker(file, {
        workerData: {
          epoch: shared.epoch,
          world: shared.world,
          env: shared.env,
          judge: shared.judge,
        },
      });
      let job: Job | undefined;
      let terminated = false;
      const feed = (): void => {
        job = shared.stopped() || next >= jobs.length ? undefined : jobs[next++];
        worker.postMessage(job ?? null);
      };
      worker.on('message', (message: SweepWorkerMessage) => {
        if ('warning' in message) {
          shared.logger.warn(message.warning);
          return;
        }
        if (!message.ok) {
          // The thread's error arrives as its text (`TypeError: …`).
          shared.fail(message.error, message.job);
          // Its environment may be in any state: the thread is ended rather than given more work.
          terminated = true;
          void worker.terminate();
          return;
        }
        const done = job;
        // Appends are serialised so that the file and the progress stay in completion order.
        chain = chain
          .then(() => shared.record(message.result))
          .catch((error: unknown) => shared.fail(error, done));
        void chain.then(feed);
      });
      // An exception the thread did not catch; it exits next.
      worker.on('error', (error) => shared.fail(error, job));
      worker.on('exit', (code) => {
        // A thread that dies on its own (out of memory, say) with a job under way loses that job.
        if (code !== 0 && !terminated && job !== undefined)
          shared.fail(`its worker thread stopped with exit code ${code}`, job);
        resolve();
      });
      feed();
    });
  await Promise.all(Array.from({ length: count }, () => one()));
  await chain;
}
