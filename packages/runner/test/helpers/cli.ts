// Runs the built `navworld` command in a child process, as a user would.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The runner package's folder. */
export const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** What a finished command printed and its exit code. */
export interface CliRun {
  code: number | null;
  /** The signal that ended the command, if one did (e.g. `SIGKILL` when it outlived `timeoutMs`). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The environment every run starts from: a pinned salt, no colours, nothing else of this process. */
export const baseCliEnv = (): Record<string, string> => ({
  PATH: process.env['PATH'] ?? '',
  HOME: process.env['HOME'] ?? tmpdir(),
  NAVWORLD_EPOCH_SALT: 'cli-tests',
  NO_COLOR: '1',
});

/**
 * Builds the CLI (JavaScript only) into a folder of its own under node_modules/.cache, so that test files
 * building at once never clean each other's output, and returns the path of a bin that runs it.
 */
export function buildCli(name: string): string {
  const outDir = join(packageDir, 'node_modules', '.cache', 'navworld-cli', name);
  const build = spawnSync('npx', ['tsup', '--out-dir', outDir], {
    cwd: packageDir,
    env: { ...process.env, NAVWORLD_FAST_BUILD: '1' },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
  mkdirSync(outDir, { recursive: true });
  const bin = join(outDir, 'navworld.js');
  // The package's own executable, pointed at the build beside it.
  const shipped = readFileSync(join(packageDir, 'bin', 'navworld.js'), 'utf8');
  if (!shipped.includes("'../dist/cli.js'"))
    throw new Error('bin/navworld.js no longer imports ../dist/cli.js');
  writeFileSync(bin, shipped.replace("'../dist/cli.js'", "'./cli.js'"));
  return bin;
}

/** A command started with {@link startCli}. */
export interface StartedCli {
  /** The child process (to signal it). */
  child: ChildProcessWithoutNullStreams;
  /** What it has printed so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves when it has ended. */
  done: Promise<CliRun>;
}

/**
 * Starts `bin` with `args` in `cwd`; the environment is {@link baseCliEnv} plus `env`, stdin gets `input` (or
 * ends at once). A command still running after `timeoutMs` is killed, so that a hang ends as a failed run
 * rather than a process left behind.
 */
export function startCli(
  bin: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; input?: string; timeoutMs?: number },
): StartedCli {
  const child = spawn(process.execPath, [bin, ...args], {
    cwd: options.cwd,
    env: { ...baseCliEnv(), ...options.env },
  });
  let stdout = '';
  let stderr = '';
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliRun>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  child.stdin.end(options.input);
  return { child, output: () => ({ stdout, stderr }), done };
}

/** Runs `bin` to its end (asynchronously: the test process may serve HTTP meanwhile); see {@link startCli}. */
export function runCli(
  bin: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; input?: string; timeoutMs?: number },
): Promise<CliRun> {
  return startCli(bin, args, options).done;
}
