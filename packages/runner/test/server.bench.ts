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
import { bundleForNode, runnerPath } from './helpers/bundle';
import { post } from './helpers/http';
import { routeThroughHttp } from './helpers/http-environment';

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
): void {
  const cpu =
    cpuMs === undefined
      ? ''
      : `; ${whose} CPU ${(cpuMs / steps).toFixed(2)} ms/step → ${(1000 / (cpuMs / steps)).toFixed(0)} steps/s per fully available core`;
  console.log(
    `${label}: ${steps} steps (${toolCalls} tool calls) in ${(ms / 1000).toFixed(2)} s → ` +
      `${((steps / ms) * 1000).toFixed(0)} steps/s, ${((toolCalls / ms) * 1000).toFixed(0)} tool calls/s ` +
      `(load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)${cpu}`,
  );
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The reference agent's step bodies per task, recorded in-process (the agent is deterministic). */
async function recordReferenceSteps(): Promise<Map<number, StepInput[]>> {
  const env = createEnvironment(ENV_OPTIONS);
  const original = env.step.bind(env);
  const byEpisode = new Map<string, StepInput[]>();
  env.step = (input) => {
    const list = byEpisode.get(input.episodeId) ?? [];
    list.push(input);
    byEpisode.set(input.episodeId, list);
    return original(input);
  };
  const out = new Map<number, StepInput[]>();
  for (const taskId of TASKS) {
    const result = await runReferenceAgent(env, taskId);
    out.set(taskId, byEpisode.get(result.episodeId) ?? []);
  }
  await env.close();
  return out;
}

describe('HTTP server, 200 concurrent episodes', () => {
  let serverProcess: ChildProcess | undefined;
  let setup: Promise<{ url: string; recorded: Map<number, StepInput[]> }> | undefined;

  /** Records the reference traffic and starts a server in its own process (once, on first use). */
  function prepare(): Promise<{ url: string; recorded: Map<number, StepInput[]> }> {
    setup ??= (async () => {
      const recorded = await recordReferenceSteps();
      const source =
        `import { startServer } from ${JSON.stringify(runnerPath('src/server/start.ts'))};\n` +
        `const r = await startServer({ port: 0, log: false, environmentOptions: ${JSON.stringify(ENV_OPTIONS)} });\n` +
        `process.stdout.write(r.url + '\\n');\n` +
        `process.on('SIGTERM', () => { void r.close().then(() => process.exit(0)); });\n` +
        // The server also stops when the benchmark process goes away (its stdin closes).
        `process.stdin.on('end', () => { void r.close().then(() => process.exit(0)); }).resume();\n`;
      const file = await bundleForNode('bench-server', source);
      serverProcess = spawn(process.execPath, [file], { stdio: ['pipe', 'pipe', 'inherit'] });
      const url = await new Promise<string>((resolve) => {
        serverProcess?.stdout?.once('data', (d: Buffer) => resolve(d.toString('utf8').trim()));
      });
      return { url, recorded };
    })();
    return setup;
  }

  afterAll(() => {
    serverProcess?.kill('SIGTERM');
  });
  process.once('exit', () => serverProcess?.kill('SIGTERM'));

  bench(
    'reference agent live over HTTP (agents and server in one process)',
    async () => {
      const env = createEnvironment(ENV_OPTIONS);
      let url = '';
      const { serverEnv, prefetchReset } = routeThroughHttp(env, () => url);
      const running = await startServer({ port: 0, environment: serverEnv, log: false });
      url = running.url;
      // Agents, their HTTP client and the server share this process: its CPU time covers all three.
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      const results = await Promise.all(
        TASKS.map(async (taskId) => {
          await prefetchReset(taskId);
          return runReferenceAgent(env, taskId);
        }),
      );
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const steps = results.reduce((n, r) => n + (r.trace.at(-1)?.step ?? 0) + 1, 0);
      const calls = results.reduce((n, r) => n + r.trace.length, 0);
      report(
        'live reference agent',
        steps,
        calls,
        ms,
        (cpu.user + cpu.system) / 1000,
        'agents + client + server',
      );
      await running.close();
      await env.close();
    },
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
  ): Promise<void> {
    const { url: separateUrl, recorded } = await prepare();
    const cpuBefore = processCpuMs(serverProcess?.pid);
    const started = performance.now();
    let steps = 0;
    let calls = 0;
    await Promise.all(
      TASKS.map(async (taskId) => {
        const reset = await post(separateUrl, '/v1/reset', { task_id: taskId });
        const episodeId: string = reset.json.episode_id;
        for (const body of bodiesOf(recorded.get(taskId) ?? [])) {
          const answer = await post(separateUrl, '/v1/step', { episode_id: episodeId, ...body });
          if (answer.status !== 200) throw new Error(answer.text);
          steps += 1;
          calls += body.tool_calls?.length ?? 0;
        }
      }),
    );
    const cpuAfter = processCpuMs(serverProcess?.pid);
    report(
      label,
      steps,
      calls,
      performance.now() - started,
      cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
    );
  }

  bench(
    'reference agent traffic replayed against a separate server process',
    () =>
      replay('replayed reference traffic, separate server (after two warm-up rounds)', (inputs) =>
        inputs.map((input) => ({
          tool_calls: input.toolCalls ?? null,
          content: input.content ?? null,
        })),
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
