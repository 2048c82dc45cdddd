import { defineConfig } from 'vitest/config';

// One runner for every package; each package keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['scripts', 'packages/contracts', 'packages/identity', 'packages/server', 'packages/web'],
  },
});
