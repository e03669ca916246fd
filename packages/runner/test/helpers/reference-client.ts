import { playReferenceEpisode } from '../../src/agent/reference-agent';
import { processCpuMs } from './cpu';
import { httpReset, httpStepper } from './http-stepper';

/** What the reference agent as a client process measured in its timed round. */
export interface ReferenceClientReport {
  /** `POST /v1/step` calls (resets not counted). */
  steps: number;
  /** Tool calls in those steps. */
  toolCalls: number;
  /** Wall-clock time of the round, resets included. */
  ms: number;
  /** This client's CPU (user + system) over the round. */
  clientCpuMs: number;
  /** The server's CPU over the round, all its threads; null where /proc cannot tell. */
  serverCpuMs: number | null;
  /** The server's main thread alone. */
  serverMainCpuMs: number | null;
  /** Each task's total (0–100) as the server scored it. */
  totals: Record<string, number>;
}

/** Plays every task at once against the server at `base` with the reference agent. */
async function playRound(base: string, tasks: readonly number[], callsPerStep?: number) {
  const stepper = httpStepper(base);
  let steps = 0;
  let toolCalls = 0;
  const totals: Record<string, number> = {};
  await Promise.all(
    tasks.map(async (taskId) => {
      const played = await playReferenceEpisode(
        stepper,
        await httpReset(base, taskId),
        callsPerStep === undefined ? {} : { callsPerStep },
      );
      const total = played.final.info?.['total'];
      if (!played.final.done || typeof total !== 'number')
        throw new Error(`task ${taskId}: the episode did not end with a score`);
      steps += played.steps;
      toolCalls += played.toolCalls;
      totals[taskId] = total;
    }),
  );
  return { steps, toolCalls, totals };
}

/**
 * The reference agent as a real HTTP client: two warm-up rounds of every task, then a timed one, each with
 * all tasks at once. Reads the server's CPU from /proc around the timed round (`serverPid` on this machine).
 * `callsPerStep` is passed to the agent (default: each batch of calls in one step).
 */
export async function measureReferenceClient(
  base: string,
  tasks: readonly number[],
  serverPid: number,
  callsPerStep?: number,
): Promise<ReferenceClientReport> {
  // Two warm-up rounds: the first one runs mostly unoptimised code in both processes; the timed round
  // should see the steady state a long training run sees.
  await playRound(base, tasks, callsPerStep);
  const warm = await playRound(base, tasks, callsPerStep);
  const serverBefore = processCpuMs(serverPid);
  const mainBefore = processCpuMs(serverPid, serverPid);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const round = await playRound(base, tasks, callsPerStep);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = processCpuMs(serverPid);
  const mainAfter = processCpuMs(serverPid, serverPid);
  // Same tasks in the same epoch: a client that lost or mixed up episodes would score differently.
  for (const taskId of tasks) {
    if (warm.totals[taskId] !== round.totals[taskId])
      throw new Error(
        `task ${taskId}: ${warm.totals[taskId]} in the warm-up round, ${round.totals[taskId]} after`,
      );
  }
  const delta = (before?: number, after?: number) =>
    before === undefined || after === undefined ? null : after - before;
  return {
    steps: round.steps,
    toolCalls: round.toolCalls,
    ms,
    clientCpuMs: (cpu.user + cpu.system) / 1000,
    serverCpuMs: delta(serverBefore, serverAfter),
    serverMainCpuMs: delta(mainBefore, mainAfter),
    totals: round.totals,
  };
}
