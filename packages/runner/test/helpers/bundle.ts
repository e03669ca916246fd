import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const RUNNER = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Inside the repository so that the bundle resolves native modules from node_modules. */
const OUT_DIR = resolve(RUNNER, '../../node_modules/.cache/navworld-test');

/**
 * Bundles a TypeScript entry of this package (sibling packages from source) into one ESM file that plain
 * `node` can run, so tests can spawn real processes without a full build.
 */
export async function bundleForNode(name: string, source: string): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  const entry = join(OUT_DIR, `${name}.entry.ts`);
  writeFileSync(entry, source);
  return bundleFile(name, entry);
}

/** Bundles one source file as the entry itself (a side-effect-only module would be dropped as an import). */
async function bundleFile(name: string, entry: string): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  const outfile = join(OUT_DIR, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@navworld/source'],
    external: ['better-sqlite3', 'playwright-core'],
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
    outfile,
    logLevel: 'error',
  });
  return outfile;
}

/** Absolute path of a file in this package. */
export function runnerPath(...parts: string[]): string {
  return join(RUNNER, ...parts);
}

/** Bundles the scoring pool's worker entry, as the built package ships it (`dist/scoring-worker.js`). */
export function bundleScoringWorker(): Promise<string> {
  return bundleFile('scoring-worker', runnerPath('src/internal/scoring-worker.ts'));
}
