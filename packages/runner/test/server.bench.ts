// Throughput of the HTTP server with the reference agent as client, 200 episodes at once over loopback.
// Run: npx vitest bench --run --project runner test/server.bench.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { afterAll, bench, describe } from 'vitest';
import { createEnvironment } from '../src/environment/environment';
import type { StepInput } from '../src/environment/schemas';
import { runReferenceAgent } from '../src/agent/reference-agent';
import { startServer } from '../src/server/start';
import { bundleForNode, bundleScoringWorker, runnerPath } from './helpers/bundle';
import { post } from './helpers/http';
import { routeThroughHttp } from './helpers/http-environment';
import { recordReferenceSteps } from './helpers/reference-steps';

const CONCURRENCY = 200;
const ENV_OPTIONS = { salt: 'navworld-bench', now: Date.UTC(2026, 0, 5) };
const TASKS = Array.from({ length: CONCURRENCY }, (_, i) => i * 13 + 1);

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

/**
 * CPU time (user + system, ms) a process has used so far, all its threads, from /proc (Linux); with `thread`,
 * that thread's alone (the main thread's id is the process id).
 */
function processCpuMs(pid: number | undefined, thread?: number): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const path = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    const fields = readFileSync(path, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
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
    const perStep = (ms: number): string => (ms / Math.max(1, steps)).toFixed(2);
    const main =
      mainBefore === undefined || mainAfter === undefined
        ? ''
        : `; server main thread ${perStep(mainAfter - mainBefore)} ms/step`;
    report(
      label,
      steps,
      calls,
      performance.now() - started,
      cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
      'server',
      `${main}; client ${perStep((client.user + client.system) / 1000)} ms/step`,
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
