import { defineConfig } from 'tsup';

export default defineConfig((cli) => ({
  entry: {
    index: 'src/index.ts',
    cli: 'src/cli.ts',
    testing: 'src/testing.ts',
    'sweep-worker': 'src/internal/sweep-worker.ts',
    'scoring-worker': 'src/internal/scoring-worker.ts',
  },
  format: ['esm'],
  // A fast build (`--env.NAVWORLD_FAST_BUILD 1` or the variable) skips declarations: the CLI only needs JS.
  dts:
    cli.env?.['NAVWORLD_FAST_BUILD'] === '1' || process.env['NAVWORLD_FAST_BUILD'] === '1'
      ? false
      : { entry: { index: 'src/index.ts', testing: 'src/testing.ts' } },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  // The sibling @navworld packages are bundled from their sources, so the CLI runs without building them
  // first; every other bare import (openai, zod, better-sqlite3, the MCP SDK …) stays an external.
  noExternal: [/^@navworld\//],
  external: [/^[^./]/],
  esbuildOptions(options) {
    options.conditions = ['@navworld/source', 'import', 'module', 'default'];
  },
}));
