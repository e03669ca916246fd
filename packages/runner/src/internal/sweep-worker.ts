// Worker thread of `navworld evaluate --agent reference --workers N`: plays the tasks it is sent and posts
// every finished episode back. Each worker has its own environment over the same epoch, so scores are the
// same as in one thread.
import { parentPort, workerData } from 'node:worker_threads';
import type { Epoch } from '@navworld/core-types';
import { createJudge } from '@navworld/llm-validator';
import type { WorldName } from '@navworld/tools';
import { createEnvironment } from '../environment/environment';
import { runReferenceAgent } from '../agent/reference-agent';

interface SweepWorkerData {
  epoch: Epoch;
  world: WorldName;
  env: Record<string, string | undefined>;
  /** Whether episodes are judged: each worker then builds its own judge from `env`. */
  judge: boolean;
}

interface Job {
  taskId: number;
  repeat: number;
}

const data = workerData as SweepWorkerData;
const environment = createEnvironment({
  epoch: data.epoch,
  world: data.world,
  env: data.env,
  ...(data.judge ? { judge: createJudge({ env: data.env }) } : {}),
});

parentPort?.on('message', (message: Job | null) => {
  if (message === null) {
    void environment.close().then(() => parentPort?.close());
    return;
  }
  runReferenceAgent(environment, message.taskId, { repeat: message.repeat }).then(
    (result) => parentPort?.postMessage({ ok: true, result }),
    (error: unknown) => parentPort?.postMessage({ ok: false, job: message, error: String(error) }),
  );
});
