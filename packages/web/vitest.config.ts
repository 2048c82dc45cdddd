import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const testFiles = ['src/**/*.test.{ts,tsx}', '*.test.ts'];
/**
 * The files that replace a module with vi.mock: each runs in a registry of its own (the `web-mocking` project in the
 * root vitest.config.ts), since a module the shared registry already holds would not be replaced.
 */
export const mockingTestFiles = globSync(testFiles, { cwd: root, exclude: ['node_modules/**'] }).filter(
  (file) => readFileSync(path.join(root, file), 'utf8').includes('vi.mock('),
);

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: testFiles,
    exclude: ['node_modules/**', 'dist/**', ...mockingTestFiles],
    // A whole page rendered in jsdom and typed into takes about a second idle; beside the browser suite on a busy
    // two-core machine four such tests passed 5 s (Vitest's default) and failed on time alone. Same assertions, more
    // patience (a passing test returns as soon as it is done).
    testTimeout: 20_000,
    // A worker's files share its module registry: jsdom, React and the testing libraries load once per worker rather
    // than once per file (the web suite went from 175 s to 35 s of CPU). The setup file resets the app's own modules
    // before each file, so no module state crosses files; the few files that vi.mock a module run isolated.
    isolate: false,
  },
});
