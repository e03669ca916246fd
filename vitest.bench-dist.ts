// Shared by the fact extractor's and the scorer's Vitest projects: where their benchmarks take the packages from.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = ['@navworld/source'];

/** The newest modification time (ms) of the files under `dir`. */
function newestUnder(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Module resolution for a package's Vitest project. Tests import the workspace packages from `src/` (the
 * `@navworld/source` condition), so they need no build. Benchmarks (Vite mode `benchmark`) import the built
 * packages, as npm installs them: Vite runs source files through its module transform, which turns every call
 * between two source modules into a read of a live binding through a getter, and that alone made extraction's
 * hot loops 15–20 % slower than the published bundle, where those calls are direct. A build older than the
 * sources is refused, so a benchmark never measures stale code.
 */
export function resolutionFor(mode: string, packageDirs: readonly string[]): object {
  if (mode !== 'benchmark') {
    return {
      resolve: { conditions: SOURCE },
      environments: { ssr: { resolve: { conditions: SOURCE } } },
    };
  }
  for (const dir of packageDirs) {
    let built = 0;
    try {
      built = statSync(join(dir, 'dist', 'index.js')).mtimeMs;
    } catch {
      // Missing: reported below.
    }
    if (built < newestUnder(join(dir, 'src')))
      throw new Error(
        `${dir}: dist/ is missing or older than src/; benchmarks measure the built package, so run \`npm run build\` first (\`npm run bench\` does).`,
      );
  }
  return {};
}
