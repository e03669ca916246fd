import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { resolutionFor } from '../../vitest.bench-dist.mjs';

const packages = fileURLToPath(new URL('..', import.meta.url));

// Tests import sibling packages from src/ without a build; benchmarks measure the built packages (see
// resolutionFor).
export default defineProject(({ mode }) => {
  const resolution = resolutionFor(mode, [
    `${packages}scorer`,
    `${packages}fact-extractor`,
    `${packages}core-types`,
  ]);
  return {
    ...resolution,
    test: {
      ...resolution.test,
      name: 'scorer',
      include: ['test/**/*.test.ts'],
      benchmark: { include: ['test/**/*.bench.ts'] },
      environment: 'node',
      restoreMocks: true,
      testTimeout: 60_000,
    },
  };
});
