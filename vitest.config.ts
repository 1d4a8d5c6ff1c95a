import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * `npm test`: every unit and API test. Real-data tests (`*.real.test.ts`) run under `npm run test:real`.
 * Timeouts are generous: tests run on shared, busy machines and must not depend on their speed (speed is
 * measured by `npm run bench`); heavier tests set their own.
 */
/** Server test files that touch no database (see the `server-compute` project). */
const SERVER_COMPUTE = [
  'src/modules/ai/detector/*.test.ts',
  'src/modules/drones/mavlink/*.test.ts',
  'src/modules/drones/safety.test.ts',
];

export default defineConfig({
  test: {
    // Vitest's default (cores − 1) runs one file at a time on a 2-core machine, where the files mostly wait
    // on the database: two at a time keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'repo',
          root: '.',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          exclude: ['**/*.real.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        // The server's tests that open no database (the detector's training, the MAVLink simulator and
        // wire, the flight safety rules): apart from `server`, which CI runs on PostgreSQL and again on
        // PGlite, where these ~2.5 minutes of pure computation would only repeat.
        test: {
          name: 'server-compute',
          root: './apps/server',
          include: SERVER_COMPUTE,
          exclude: ['**/*.real.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          exclude: ['**/*.real.test.ts', ...SERVER_COMPUTE],
          environment: 'node',
          globalSetup: ['./src/testing/globalSetup.ts'],
          // The files share their workers' loaded modules: each file opens its own database and app, and
          // loading the server's module graph afresh per file took half of the suite's time (245 → 143 s).
          isolate: false,
          // At a load average of 40 on 2 cores (CI shares its machine) a 2,000-project list or a large import
          // took over 30 s on PGlite; a limit is there to catch a hang, not to time the code.
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        // Component tests (forms and their messages) in happy-dom with Testing Library; the map and
        // anything drawn with WebGL is tested in the real browser by the e2e journeys.
        test: {
          name: 'web-components',
          root: './apps/web',
          include: ['src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['./src/testing/setup.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
