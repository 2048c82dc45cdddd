import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    // A whole page rendered in jsdom and typed into takes about a second idle; beside the browser suite on a busy
    // two-core machine four such tests passed 5 s (Vitest's default) and failed on time alone. Same assertions, more
    // patience (a passing test returns as soon as it is done).
    testTimeout: 20_000,
    // A worker's files share its module registry: jsdom, React and the testing libraries load once per worker rather
    // than once per file (the web suite went from 175 s to 35 s of CPU). The setup file resets the app's own modules
    // before each file, so no module state or vi.mock crosses files.
    isolate: false,
  },
});
