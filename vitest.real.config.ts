import { defineConfig } from 'vitest/config';

/** `npm run test:real`: suites over the real files in ../shared/data/real (not part of `npm test`). */
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.real.test.ts', 'apps/*/src/**/*.real.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
