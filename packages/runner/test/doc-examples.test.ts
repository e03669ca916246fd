// The TypeScript and Python examples of the READMEs and the docs run as written: a reader copies them first.
// A TypeScript example runs as a module of its own against the workspace packages, a Python one under python3;
// one preceded by `<!-- example: not run (why) -->` is skipped (it calls a paid API, or is a sketch). Examples
// that talk to `http://127.0.0.1:8080` get a server started for them on a free port.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../src/index';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// Inside the runner package, so `navworld` and `@navworld/*` resolve as they do for its tests.
const outDir = join(dirname(fileURLToPath(import.meta.url)), '.examples');
const SKIP = /<!--\s*example:\s*not run\b[^>]*-->\s*$/;
const SERVER_URL = 'http://127.0.0.1:8080';

interface Example {
  /** `file:line` of the opening fence. */
  where: string;
  language: 'ts' | 'python';
  code: string;
  skipped: boolean;
}

function examplesOf(relative: string): Example[] {
  const lines = readFileSync(join(root, relative), 'utf8').split('\n');
  const out: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(ts|typescript|python)\s*$/.exec(lines[i]!);
    if (fence === null) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !/^```\s*$/.test(lines[i]!); i++) body.push(lines[i]!);
    // The marker is the last non-blank line before the fence.
    let k = start - 1;
    while (k >= 0 && lines[k]!.trim() === '') k--;
    out.push({
      where: `${relative}:${start + 1}`,
      language: fence[1] === 'python' ? 'python' : 'ts',
      code: body.join('\n'),
      skipped: k >= 0 && SKIP.test(lines[k]!),
    });
  }
  return out;
}

const documents = [
  'README.md',
  ...readdirSync(join(root, 'packages'))
    .map((p) => `packages/${p}/README.md`)
    .filter((p) => {
      try {
        readFileSync(join(root, p));
        return true;
      } catch {
        return false;
      }
    }),
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const examples = documents.flatMap(examplesOf);
// Keys and endpoints of real services must not leak into an example run.
const SERVICE_ENV = [
  'AMAP_MAPS_API_KEY',
  'OPENAI_API_KEY',
  'NAVWORLD_BASE_URL',
  'NAVWORLD_API_KEY',
  'NAVWORLD_JUDGE_BASE_URL',
  'NAVWORLD_JUDGE_API_KEY',
  'NAVWORLD_JUDGE_MODELS',
  'NAVWORLD_SERVER_TOKEN',
];

describe('documentation examples', () => {
  let server: RunningServer;
  const saved = new Map<string, string | undefined>();

  beforeAll(async () => {
    for (const k of SERVICE_ENV) {
      saved.set(k, process.env[k]);
      delete process.env[k];
    }
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    server = await startServer({ port: 0, log: false });
  });

  afterAll(async () => {
    await server.close();
    rmSync(outDir, { recursive: true, force: true });
    for (const [k, v] of saved)
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it('finds the examples, and runs all but a few', () => {
    expect(examples.filter((e) => e.language === 'ts').length).toBeGreaterThanOrEqual(15);
    expect(examples.filter((e) => e.language === 'python').length).toBeGreaterThanOrEqual(1);
    expect(examples.filter((e) => e.skipped).length).toBeLessThanOrEqual(3);
  });

  for (const [n, example] of examples.entries()) {
    if (example.language === 'python') {
      it.skipIf(example.skipped)(`runs ${example.where} (python3)`, async () => {
        const run = await new Promise<{ status: number | null; stderr: string }>(
          (resolve, reject) => {
            const child = spawn('python3', ['-'], {
              env: { ...process.env, PYTHONIOENCODING: 'utf-8' },
            });
            let stderr = '';
            child.stdout.resume();
            child.stderr.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
            child.on('error', reject);
            child.on('close', (status) => resolve({ status, stderr }));
            child.stdin.end(example.code.replaceAll(SERVER_URL, server.url));
          },
        );
        expect(run.stderr).toBe('');
        expect(run.status).toBe(0);
      });
      continue;
    }
    it.skipIf(example.skipped)(`runs ${example.where}`, async () => {
      const file = join(outDir, `example-${n}.ts`);
      writeFileSync(file, example.code.replaceAll(SERVER_URL, server.url));
      const printed: unknown[][] = [];
      const log = vi.spyOn(console, 'log').mockImplementation((...args) => {
        printed.push(args);
      });
      vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await import(pathToFileURL(file).href);
      } finally {
        log.mockRestore();
      }
      // Every console.log of the example was reached (the module ran to its end).
      const logs = example.code.match(/^\s*console\.log\(/gm)?.length ?? 0;
      expect(printed.length).toBeGreaterThanOrEqual(logs);
    });
  }
});
