import { defineProject } from 'vitest/config';

// Real server processes against real PostgreSQL (database outages, instances started together, shutdown under
// traffic): its own project, run by `npm run test:faults`, so `npm test` stays fast (ADR 018).
export default defineProject({
  test: {
    name: 'faults',
    environment: 'node',
    include: ['test/faults/**/*.test.ts'],
    globalSetup: ['./test/faults/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
