// Worker thread of `navworld evaluate --agent reference --workers N`: plays the tasks it is sent and posts
// every finished episode back. Each worker has its own environment over the same epoch, so scores are the
// same as in one thread.
import { parentPort, workerData } from 'node:worker_threads';
import type { EpisodeResult, Epoch } from '@navworld/core-types';
import { createJudge } from '@navworld/llm-validator';
import type { WorldName } from '@navworld/tools';
import { createEnvironment } from '../environment/environment';
import { runReferenceAgent } from '../agent/reference-agent';
import type { Job } from './threads';

interface SweepWorkerData {
  epoch: Epoch;
  world: WorldName;
  env: Record<string, string | undefined>;
  /** Whether episodes are judged: each worker then builds its own judge from `env`. */
  judge: boolean;
}

/** What a worker posts: a finished episode, the failure of one, or a warning of its tools. */
export type SweepWorkerMessage =
  | { ok: true; result: EpisodeResult }
  | { ok: false; job: Job; error: string }
  | { warning: string };

const post = (message: SweepWorkerMessage): void => parentPort?.postMessage(message);

const data = workerData as SweepWorkerData;
const environment = createEnvironment({
  epoch: data.epoch,
  world: data.world,
  env: data.env,
  // Warnings go to the main thread, which prints each once for all the workers.
  logger: { warn: (warning) => post({ warning }) },
  ...(data.judge ? { judge: createJudge({ env: data.env }) } : {}),
});

parentPort?.on('message', (message: Job | null) => {
  if (message === null) {
    void environment.close().then(() => parentPort?.close());
    return;
  }
  runReferenceAgent(environment, message.taskId, { repeat: message.repeat }).then(
    (result) => post({ ok: true, result }),
    (error: unknown) => post({ ok: false, job: message, error: String(error) }),
  );
});
