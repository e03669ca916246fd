import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvironment } from '../src/environment/environment';
import { runReferenceAgent } from '../src/agent/reference-agent';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const TASKS = Array.from({ length: 70 }, (_, i) => i);
let dir: string;
let script: string;

beforeAll(async () => {
  // A standalone script that scores tasks 0–69 with the reference agent and prints the audit's digest, bundled
  // from the sources so each child process loads its own copy of every package.
  // The bundle lives under the package so that Node resolves better-sqlite3 from the workspace.
  const cache = join(packageDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  dir = mkdtempSync(join(cache, 'navworld-det-'));
  const entry = join(dir, 'entry.ts');
  writeFileSync(
    entry,
    `import { runAudit } from ${JSON.stringify(join(packageDir, 'src/audit/index.ts'))};
const report = await runAudit({ tasks: ${JSON.stringify(TASKS)}, salt: 'determinism', now: Date.UTC(2026, 0, 5), policies: ['reference'], concurrency: 4 });
process.stdout.write(report.referenceDigest + ' ' + report.policies[0].meanCode);`,
  );
  script = join(dir, 'det.mjs');
  await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: script,
    conditions: ['@navworld/source'],
    external: ['better-sqlite3'],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    logLevel: 'silent',
  });
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runChild(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], {
      cwd: packageDir,
      env: { PATH: process.env['PATH'] ?? '' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`)),
    );
  });
}

describe('determinism audit', () => {
  it('scores tasks 0–69 byte-identically in three separate processes', async () => {
    const outputs = await Promise.all([runChild(), runChild(), runChild()]);
    expect(outputs[0]).toMatch(/^[0-9a-f]{64} \d/u);
    expect(new Set(outputs).size).toBe(1);
  }, 600_000);

  it('changes transport data with the salt but keeps the reference scores within ±2', async () => {
    const a = createEnvironment({ salt: 'det-a', now: Date.UTC(2026, 0, 5), env: {} });
    const b = createEnvironment({ salt: 'det-b', now: Date.UTC(2026, 0, 5), env: {} });
    const diffs: number[] = [];
    let transportDiffers = 0;
    let transportTasks = 0;
    for (const taskId of TASKS) {
      const [ra, rb] = [await runReferenceAgent(a, taskId), await runReferenceAgent(b, taskId)];
      diffs.push(ra.total - rb.total);
      const transport = (r: typeof ra): string =>
        r.trace
          .filter((t) => t.name.startsWith('search_'))
          .map((t) => t.resultText)
          .join('\n');
      if (transport(ra) !== '') {
        transportTasks++;
        if (transport(ra) !== transport(rb)) transportDiffers++;
      }
    }
    await Promise.all([a.close(), b.close()]);
    expect(transportTasks).toBeGreaterThan(0);
    expect(transportDiffers).toBe(transportTasks);
    const meanDiff = diffs.reduce((s, d) => s + d, 0) / diffs.length;
    expect(Math.abs(meanDiff)).toBeLessThanOrEqual(2);
    expect(Math.max(...diffs.map(Math.abs))).toBeLessThanOrEqual(2);
  }, 600_000);
});
