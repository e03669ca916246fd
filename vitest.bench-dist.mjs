// Shared by the fact extractor's and the scorer's Vitest projects: where their benchmarks take the packages from.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE = ['@navworld/source'];

/**
 * The newest modification time (ms) of the files under `dir`.
 * @param {string} dir
 * @returns {number}
 */
function newestUnder(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Module resolution for a package's Vitest project. Tests import the workspace packages from `src/` (the
 * `@navworld/source` condition), so they need no build. Benchmarks (Vite mode `benchmark`) load the built
 * packages with Node itself, as an installed package is loaded: Vite runs source files through its module
 * transform, which turns every call between two source modules into a read of a live binding through a getter,
 * and that alone made extraction's hot loops 15–20 % slower than the published bundle, where those calls are
 * direct. A missing build is an error; a build older than the sources gets a warning (the build cache may have
 * kept an identical build from before the sources were last touched).
 * @param {string} mode
 * @param {readonly string[]} packageDirs
 * @returns {{ test?: Record<string, unknown>, [key: string]: unknown }}
 */
export function resolutionFor(mode, packageDirs) {
  if (mode !== 'benchmark') {
    return {
      resolve: { conditions: SOURCE },
      environments: { ssr: { resolve: { conditions: SOURCE } } },
    };
  }
  for (const dir of packageDirs) {
    let built;
    try {
      built = statSync(join(dir, 'dist', 'index.js')).mtimeMs;
    } catch {
      throw new Error(
        `${dir}: no dist/; benchmarks measure the built package, so run \`npm run build\` first (\`npm run bench\` does).`,
      );
    }
    if (built < newestUnder(join(dir, 'src')))
      console.warn(
        `${dir}: dist/ is older than src/; run \`npm run build\` if the sources changed.`,
      );
  }
  // Node loads the builds itself, as it does for an installed package: Vite does not transform them.
  return { test: { server: { deps: { external: [/\/packages\/[^/]+\/dist\//] } } } };
}
