// Throughput of the HTTP server with the reference agent as client, 200 episodes at once over loopback: the
// agent in the server's process, its recorded traffic replayed, and the agent as a client process of its own.
// Run: npx vitest bench --run --project runner test/server.bench.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { afterAll, bench, describe } from 'vitest';
import { createEnvironment } from '../src/environment/environment';
import type { StepInput } from '../src/environment/schemas';
import { runReferenceAgent } from '../src/agent/reference-agent';
import { startServer } from '../src/server/start';
import { bundleForNode, bundleScoringWorker, runnerPath } from './helpers/bundle';
import { processCpuMs } from './helpers/cpu';
import { post } from './helpers/http';
import { routeThroughHttp } from './helpers/http-environment';
import type { ReferenceClientReport } from './helpers/reference-client';
import { recordReferenceSteps } from './helpers/reference-steps';

const CONCURRENCY = 200;
const ENV_OPTIONS = { salt: 'navworld-bench', now: Date.UTC(2026, 0, 5) };
const TASKS = Array.from({ length: CONCURRENCY }, (_, i) => i * 13 + 1);
/** Tasks whose totals over HTTP must equal the in-process reference agent's. */
const CHECKED_TASKS = TASKS.filter((_, i) => i % 25 === 0);
/** A client process that has not finished by then is stopped (and the case fails). */
const CLIENT_TIMEOUT_MS = 300_000;

function report(
  label: string,
  steps: number,
  toolCalls: number,
  ms: number,
  cpuMs?: number,
  whose = 'server',
  extra = '',
): void {
  const cpu =
    cpuMs === undefined
      ? ''
      : `; ${whose} CPU ${(cpuMs / steps).toFixed(2)} ms/step → ${(1000 / (cpuMs / steps)).toFixed(0)} steps/s per fully available core`;
  console.log(
    `${label}: ${steps} steps (${toolCalls} tool calls) in ${(ms / 1000).toFixed(2)} s → ` +
      `${((steps / ms) * 1000).toFixed(0)} steps/s, ${((toolCalls / ms) * 1000).toFixed(0)} tool calls/s ` +
      `(load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)${cpu}${extra}`,
  );
}

/** Per-step CPU of the server's main thread and of the client, for the end of a report line. */
function cpuDetail(steps: number, serverMainMs: number | undefined, clientMs: number): string {
  const perStep = (ms: number): string => (ms / Math.max(1, steps)).toFixed(2);
  const main =
    serverMainMs === undefined ? '' : `; server main thread ${perStep(serverMainMs)} ms/step`;
  return `${main}; client ${perStep(clientMs)} ms/step`;
}

describe('HTTP server, 200 concurrent episodes', () => {
  const serverProcesses = new Map<number, ChildProcess>();
  let recording: Promise<Map<number, StepInput[]>> | undefined;
  const servers = new Map<number, Promise<string>>();

  /** The reference traffic, recorded in-process once (the agent is deterministic). */
  function recorded(): Promise<Map<number, StepInput[]>> {
    recording ??= (async () => {
      const env = createEnvironment(ENV_OPTIONS);
      const steps = await recordReferenceSteps(env, TASKS);
      await env.close();
      return steps;
    })();
    return recording;
  }

  /** Starts a server in its own process with `scoringThreads` scoring workers (once per count) → its URL. */
  function serverWith(scoringThreads: number): Promise<string> {
    let url = servers.get(scoringThreads);
    if (url === undefined) {
      url = (async () => {
        const environmentOptions = {
          ...ENV_OPTIONS,
          scoringThreads,
          ...(scoringThreads > 0 ? { scoringWorkerFile: await bundleScoringWorker() } : {}),
        };
        const source =
          `import { startServer } from ${JSON.stringify(runnerPath('src/server/start.ts'))};\n` +
          `const r = await startServer({ port: 0, log: false, environmentOptions: ${JSON.stringify(environmentOptions)} });\n` +
          `process.stdout.write(r.url + '\\n');\n` +
          `process.on('SIGTERM', () => { void r.close().then(() => process.exit(0)); });\n` +
          // The server also stops when the benchmark process goes away (its stdin closes).
          `process.stdin.on('end', () => { void r.close().then(() => process.exit(0)); }).resume();\n`;
        const file = await bundleForNode(`bench-server-${scoringThreads}`, source);
        const child = spawn(process.execPath, [file], { stdio: ['pipe', 'pipe', 'inherit'] });
        serverProcesses.set(scoringThreads, child);
        return new Promise<string>((resolve) => {
          child.stdout?.once('data', (d: Buffer) => resolve(d.toString('utf8').trim()));
        });
      })();
      servers.set(scoringThreads, url);
    }
    return url;
  }

  const stopServers = (): void => {
    for (const child of serverProcesses.values()) child.kill('SIGTERM');
  };
  afterAll(stopServers);
  process.once('exit', stopServers);

  /**
   * The reference agents, their HTTP client and the server in this one process (the agents read the
   * environment's internals to build their results): one warm-up round of every task, then a measured one.
   */
  async function live(scoringThreads: number): Promise<void> {
    const env = createEnvironment({
      ...ENV_OPTIONS,
      scoringThreads,
      ...(scoringThreads > 0 ? { scoringWorkerFile: await bundleScoringWorker() } : {}),
    });
    let url = '';
    const { serverEnv, prefetchReset } = routeThroughHttp(env, () => url);
    const running = await startServer({ port: 0, environment: serverEnv, log: false });
    url = running.url;
    const round = () =>
      Promise.all(
        TASKS.map(async (taskId) => {
          await prefetchReset(taskId);
          return runReferenceAgent(env, taskId);
        }),
      );
    await round();
    // Its CPU time covers agents, client and server (main thread and scoring threads).
    const cpuBefore = process.cpuUsage();
    const mainBefore = processCpuMs(process.pid, process.pid);
    const started = performance.now();
    const results = await round();
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const mainAfter = processCpuMs(process.pid, process.pid);
    const steps = results.reduce((n, r) => n + (r.trace.at(-1)?.step ?? 0) + 1, 0);
    const calls = results.reduce((n, r) => n + r.trace.length, 0);
    report(
      `live reference agent, ${scoringThreads} scoring thread(s), after a warm-up round`,
      steps,
      calls,
      ms,
      (cpu.user + cpu.system) / 1000,
      'agents + client + server',
      mainBefore === undefined || mainAfter === undefined
        ? ''
        : `; main thread ${((mainAfter - mainBefore) / steps).toFixed(2)} ms/step`,
    );
    await running.close();
    await env.close();
  }

  bench('reference agent live over HTTP (agents and server in one process)', () => live(0), {
    iterations: 1,
    warmupIterations: 0,
    time: 0,
    throws: true,
  });

  bench(
    'reference agent live over HTTP, one scoring thread (agents and server in one process)',
    () => live(1),
    { iterations: 1, warmupIterations: 0, time: 0, throws: true },
  );

  /** Step bodies of one episode, as the HTTP API takes them. */
  interface StepBody {
    tool_calls: unknown[] | null;
    content?: string | null;
  }

  /**
   * Opens one episode per task on the separate server, sends each task's step bodies in order (all episodes
   * at once), and reports steps per second and the server's CPU per step.
   */
  async function replay(
    label: string,
    bodiesOf: (steps: StepInput[]) => StepBody[],
    scoringThreads = 0,
  ): Promise<void> {
    const recordedSteps = await recorded();
    const separateUrl = await serverWith(scoringThreads);
    const pid = serverProcesses.get(scoringThreads)?.pid;
    const cpuBefore = processCpuMs(pid);
    const mainBefore = processCpuMs(pid, pid);
    const clientBefore = process.cpuUsage();
    const started = performance.now();
    let steps = 0;
    let calls = 0;
    await Promise.all(
      TASKS.map(async (taskId) => {
        const reset = await post(separateUrl, '/v1/reset', { task_id: taskId });
        const episodeId: string = reset.json.episode_id;
        for (const body of bodiesOf(recordedSteps.get(taskId) ?? [])) {
          const answer = await post(separateUrl, '/v1/step', { episode_id: episodeId, ...body });
          if (answer.status !== 200) throw new Error(answer.text);
          steps += 1;
          calls += body.tool_calls?.length ?? 0;
        }
      }),
    );
    // All of the server's threads, the scoring workers included; then its main thread alone, which bounds
    // throughput once the workers have cores of their own; and this process, the client, on the same cores.
    const cpuAfter = processCpuMs(pid);
    const mainAfter = processCpuMs(pid, pid);
    const client = process.cpuUsage(clientBefore);
    report(
      label,
      steps,
      calls,
      performance.now() - started,
      cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      'server',
      cpuDetail(
        steps,
        mainBefore === undefined || mainAfter === undefined ? undefined : mainAfter - mainBefore,
        (client.user + client.system) / 1000,
      ),
    );
  }

  /** Every recorded step of an episode, as sent over HTTP. */
  const referenceBodies = (inputs: StepInput[]): StepBody[] =>
    inputs.map((input) => ({
      tool_calls: input.toolCalls ?? null,
      content: input.content ?? null,
    }));

  bench(
    'reference agent traffic replayed against a separate server process',
    () =>
      replay(
        'replayed reference traffic, separate server (after two warm-up rounds)',
        referenceBodies,
      ),
    { iterations: 3, warmupIterations: 2, time: 0, throws: true },
  );

  bench(
    'reference agent traffic replayed against a separate server process with one scoring thread',
    () =>
      replay(
        'replayed reference traffic, separate server with 1 scoring thread (after two warm-up rounds)',
        referenceBodies,
        1,
      ),
    { iterations: 3, warmupIterations: 2, time: 0, throws: true },
  );

  let clientBundle: Promise<string> | undefined;
  let checkedTotals: Promise<Map<number, number>> | undefined;
  const clientProcesses = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of clientProcesses) child.kill('SIGTERM');
  });

  /** The in-process reference agent's totals for {@link CHECKED_TASKS}, in the servers' epoch. */
  function expectedTotals(): Promise<Map<number, number>> {
    checkedTotals ??= (async () => {
      const env = createEnvironment(ENV_OPTIONS);
      const totals = new Map<number, number>();
      for (const taskId of CHECKED_TASKS)
        totals.set(taskId, (await runReferenceAgent(env, taskId)).total);
      await env.close();
      return totals;
    })();
    return checkedTotals;
  }

  /** Runs the bundled reference client once against `url` → what it measured. */
  async function runClient(
    url: string,
    serverPid: number,
    callsPerStep: number | undefined,
  ): Promise<ReferenceClientReport> {
    clientBundle ??= bundleForNode(
      'bench-reference-client',
      `import { measureReferenceClient } from ${JSON.stringify(runnerPath('test/helpers/reference-client.ts'))};\n` +
        `const [url, pid, tasks, perStep] = process.argv.slice(2);\n` +
        `const callsPerStep = perStep === 'batch' ? undefined : Number(perStep);\n` +
        `const report = await measureReferenceClient(url, JSON.parse(tasks), Number(pid), callsPerStep);\n` +
        // The keep-alive sockets would hold the process open.
        `process.stdout.write(JSON.stringify(report) + '\\n', () => process.exit(0));\n`,
    );
    const file = await clientBundle;
    const child = spawn(
      process.execPath,
      [file, url, String(serverPid), JSON.stringify(TASKS), String(callsPerStep ?? 'batch')],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    clientProcesses.add(child);
    const timer = setTimeout(() => child.kill('SIGKILL'), CLIENT_TIMEOUT_MS);
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString('utf8')));
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        clientProcesses.delete(child);
        if (code === 0) resolve(JSON.parse(out) as ReferenceClientReport);
        else reject(new Error(`reference client exited with ${code ?? signal}`));
      });
    });
  }

  /**
   * The set-up: the reference agent in its own process plays all tasks at once against the separate
   * server over HTTP (a warm-up round, then a timed one). Its scores must be the in-process ones, so that a
   * broken client cannot report a fast figure. `callsPerStep` as in playReferenceEpisode (default: the
   * agent's own batches, about six and eight calls per step).
   */
  async function separateClient(scoringThreads: number, callsPerStep?: number): Promise<void> {
    const url = await serverWith(scoringThreads);
    const pid = serverProcesses.get(scoringThreads)?.pid;
    if (pid === undefined) throw new Error('the server process has no pid');
    const measured = await runClient(url, pid, callsPerStep);
    for (const [taskId, total] of await expectedTotals()) {
      if (measured.totals[taskId] !== total)
        throw new Error(
          `task ${taskId}: the client got ${measured.totals[taskId]}, in process ${total}`,
        );
    }
    const grouping =
      callsPerStep === undefined ? 'batched calls' : `at most ${callsPerStep} call(s) per step`;
    report(
      `reference agent as a separate client process (${grouping}), server with ${scoringThreads} scoring thread(s), after two warm-up rounds`,
      measured.steps,
      measured.toolCalls,
      measured.ms,
      measured.serverCpuMs ?? undefined,
      'server',
      cpuDetail(measured.steps, measured.serverMainCpuMs ?? undefined, measured.clientCpuMs) +
        (measured.serverCpuMs === null
          ? ''
          : `; server + client ${((measured.serverCpuMs + measured.clientCpuMs) / measured.steps).toFixed(2)} ms/step`),
    );
  }

  bench(
    'reference agent as a separate client process against a separate server process',
    () => separateClient(0),
    { iterations: 2, warmupIterations: 0, time: 0, throws: true },
  );

  bench(
    'reference agent as a separate client process against a separate server process with one scoring thread',
    () => separateClient(1),
    { iterations: 2, warmupIterations: 0, time: 0, throws: true },
  );

  bench(
    'reference agent as a separate client process, one call per step, against a separate server process',
    () => separateClient(0, 1),
    { iterations: 2, warmupIterations: 0, time: 0, throws: true },
  );

  bench(
    'reference agent as a separate client process, one call per step, against a separate server process with one scoring thread',
    () => separateClient(1, 1),
    { iterations: 2, warmupIterations: 0, time: 0, throws: true },
  );

  bench(
    'tool steps only (warm cache, no scoring) against a separate server process',
    () =>
      // One recorded call per step, cycling through the first batch: 15 tool steps, never scored.
      replay('tool-only steps, separate server', (inputs) => {
        const first = inputs[0]?.toolCalls ?? [];
        return Array.from({ length: 15 }, (_, i) => {
          const call = first[i % Math.max(1, first.length)];
          return call === undefined
            ? { tool_calls: [], content: '' }
            : { tool_calls: [{ ...call, id: `b${i}` }] };
        });
      }),
    { iterations: 2, warmupIterations: 1, time: 0, throws: true },
  );
});
