import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts', 'src/testing.ts'],
  format: ['esm'],
  // NAVWORLD_FAST_BUILD skips declarations (the CLI tests only need the JavaScript).
  dts: process.env['NAVWORLD_FAST_BUILD'] === '1' ? false : { entry: ['src/index.ts', 'src/testing.ts'] },
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
});
