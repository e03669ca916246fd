import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  // import.meta.url (the SQLite driver is loaded with createRequire) in the CommonJS build too.
  shims: true,
});
