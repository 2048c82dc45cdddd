import { defineConfig } from 'vitest/config';
import webConfig, { mockingTestFiles } from './packages/web/vitest.config.ts';

// One runner for every package; each package keeps its own environment and setup. `faults` (real processes on
// PostgreSQL) runs only through `npm run test:faults`: `npm test` leaves it out.
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker (cores − 1), which ran every file one after another. Test
    // files share nothing (each has its own database), and half their time is spent waiting on a database or a
    // socket, so two workers are the floor; `--maxWorkers` overrides it (CI gives the PostgreSQL suite three).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    projects: [
      'scripts',
      'packages/contracts',
      'packages/identity',
      'packages/sandbox',
      'packages/server',
      'packages/server/vitest.faults.config.ts',
      'packages/web',
      // The web files that vi.mock a module, each in a module registry of its own (packages/web/vitest.config.ts).
      {
        ...webConfig,
        root: 'packages/web',
        test: {
          ...webConfig.test,
          name: 'web-mocking',
          include: mockingTestFiles,
          exclude: [],
          isolate: true,
        },
      },
    ],
  },
});
