import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { resolutionFor } from '../../vitest.bench-dist';

const packages = fileURLToPath(new URL('..', import.meta.url));

// Tests import sibling packages from src/ without a build; benchmarks measure the built packages (see
// resolutionFor).
export default defineProject(({ mode }) => ({
  ...resolutionFor(mode, [
    `${packages}scorer`,
    `${packages}fact-extractor`,
    `${packages}core-types`,
  ]),
  test: {
    name: 'scorer',
    include: ['test/**/*.test.ts'],
    benchmark: { include: ['test/**/*.bench.ts'] },
    environment: 'node',
    restoreMocks: true,
    testTimeout: 60_000,
  },
}));
