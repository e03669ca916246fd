import { rmSync, writeFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const FAST_MARK = 'dist/.fast-build';

export default defineConfig((cli) => {
  // The fast build (`--env.NAVWORLD_FAST_BUILD 1` or the variable) is for running the CLI inside the repository
  // (`npm start`, the CLI tests): it bundles the sibling @navworld packages from their sources, so none of them
  // has to be built first, and skips declarations.
  // tsup reads `--env.NAVWORLD_FAST_BUILD 1` as the number 1.
  const fast = [cli.env?.['NAVWORLD_FAST_BUILD'], process.env['NAVWORLD_FAST_BUILD']].some(
    (v) => String(v) === '1',
  );
  return {
    entry: {
      index: 'src/index.ts',
      cli: 'src/cli.ts',
      testing: 'src/testing.ts',
      'sweep-worker': 'src/internal/sweep-worker.ts',
      'scoring-worker': 'src/internal/scoring-worker.ts',
    },
    format: ['esm'],
    dts: fast ? false : { entry: { index: 'src/index.ts', testing: 'src/testing.ts' } },
    sourcemap: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    // The published build imports every other package, the siblings included, from node_modules: one copy of
    // each @navworld package per install, and every bare import it makes is one of its declared dependencies
    // (scripts/check-imports.mjs checks this). The fast build inlines the siblings, whose own dependencies
    // (seedrandom, better-sqlite3, the MCP SDK …) the workspace's hoisted node_modules provides.
    ...(fast ? { noExternal: [/^@navworld\//] } : {}),
    external: fast ? [/^[^./]/] : [/^[^./]/, /^@navworld\//],
    esbuildOptions(options) {
      if (fast) options.conditions = ['@navworld/source', 'import', 'module', 'default'];
    },
    // Marks the fast build, so that `npm pack` / `npm publish` refuse it (scripts/prepack.mjs); the full build
    // removes the mark (tsup's clean leaves dot files).
    onSuccess: async () => {
      if (fast) writeFileSync(FAST_MARK, '');
      else rmSync(FAST_MARK, { force: true });
    },
  };
});
