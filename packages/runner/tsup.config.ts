import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts', 'src/cli.ts', 'src/testing.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/testing.ts'] },
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
});
