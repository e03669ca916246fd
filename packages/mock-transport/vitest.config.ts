import { defineProject } from 'vitest/config';

// The source condition lets tests import sibling packages from src/ without a build.
export default defineProject({
  resolve: { conditions: ['@navworld/source'] },
  environments: { ssr: { resolve: { conditions: ['@navworld/source'] } } },
  test: {
    name: 'mock-transport',
    include: ['test/**/*.test.ts'],
    benchmark: { include: ['test/**/*.bench.ts'] },
    environment: 'node',
    restoreMocks: true,
    testTimeout: 60_000,
  },
});
