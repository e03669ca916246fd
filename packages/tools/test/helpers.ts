import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

let bundled: string | undefined;

/** Bundles test/fixtures/child.ts once (better-sqlite3 stays external) and returns the bundle path. */
export function childBundle(): string {
  if (bundled === undefined) {
    const dir = join(
      fileURLToPath(new URL('..', import.meta.url)),
      'node_modules',
      '.cache',
      'navworld-test',
    );
    const outfile = join(dir, `child-${process.pid}.cjs`);
    buildSync({
      entryPoints: [fileURLToPath(new URL('./fixtures/child.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      outfile,
      conditions: ['@navworld/source'],
      external: ['better-sqlite3', '@modelcontextprotocol/sdk'],
      logLevel: 'silent',
    });
    bundled = outfile;
  }
  return bundled;
}

/**
 * Runs the child bundle in a fresh Node process and parses its JSON output. A child still running after
 * `timeoutMs` is killed and the call throws: a hang fails the test instead of blocking it. `nodeArgs` go to Node
 * before the bundle (`-r` a preload, say).
 */
export function runChild<T>(
  mode: string,
  arg: unknown,
  timeoutMs?: number,
  nodeArgs: readonly string[] = [],
): T {
  const result = spawnSync(
    process.execPath,
    [...nodeArgs, childBundle(), mode, JSON.stringify(arg)],
    {
      encoding: 'utf8',
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      ...(timeoutMs === undefined ? {} : { timeout: timeoutMs, killSignal: 'SIGKILL' as const }),
    },
  );
  if (result.signal !== null) throw new Error(`child killed by ${result.signal} (hung?)`);
  if (result.status !== 0) throw new Error(`child failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

/**
 * {@link runChild} without blocking: the child runs beside the test process (and beside other children), and
 * the promise rejects when it fails.
 */
export function startChild<T>(mode: string, arg: unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, [childBundle(), mode, JSON.stringify(arg)], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`child failed: ${err}`));
      else resolve(JSON.parse(out) as T);
    });
  });
}

/** A fresh temporary directory. */
export function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'navworld-tools-'));
}
