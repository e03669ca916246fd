import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Bundles a small TypeScript program (source text) with esbuild into a temporary .mjs file that plain `node`
 * can run, resolving workspace packages to their sources.
 */
export async function bundleScript(source: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'navworld-taskgen-'));
  const entry = join(dir, 'entry.ts');
  const outfile = join(dir, 'entry.mjs');
  writeFileSync(entry, source);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    conditions: ['@navworld/source'],
    absWorkingDir: PACKAGE_DIR,
    nodePaths: [join(PACKAGE_DIR, 'node_modules'), join(PACKAGE_DIR, '..', '..', 'node_modules')],
    logLevel: 'error',
  });
  return outfile;
}

/** Absolute path of this package's source entry, for generated scripts to import. */
export const TASKGEN_ENTRY = join(PACKAGE_DIR, 'src', 'index.ts');
