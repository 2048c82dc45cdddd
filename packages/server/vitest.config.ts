import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The fault tests start real processes on PostgreSQL: their own project (vitest.faults.config.ts).
    exclude: [...configDefaults.exclude, 'test/faults/**'],
    globalSetup: ['./test/global-setup.ts'],
    // Files share their worker's module graph (ADR 003): each still opens its own database, app and sandboxes, but
    // the ~700 server modules (and PGlite's WebAssembly) load once per worker instead of once per file: the server
    // and identity suites on PGlite with 2 workers went from 888 s to 449 s. A test that changes module state (fake
    // timers, the environment) restores it in its own hooks.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
