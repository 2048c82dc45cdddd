import { defineConfig } from '@playwright/test';

// The browser suite drives Debian's Chromium (never a downloaded browser) against the built app. Each worker starts
// its own server on a fresh embedded database and a free port (support/fixtures.ts), so two workers share nothing; a
// file's journeys stay together in one worker, in order. The journeys mostly wait on the browser and the server
// (a one-worker run used a third of one core), so two workers on two cores halve the wall time.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A page on a busy CI machine can take longer than a person would wait to show its data; the same assertions, more
  // patience there (a passing check returns as soon as it holds).
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  outputDir: './test-results',
  reporter: process.env.CI
    ? 'list'
    : [['list'], ['html', { open: 'never', outputFolder: './playwright-report' }]],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    // Recording a trace (DOM snapshots and a screencast of every action) cost a sixth of the suite's CPU whether the
    // journey failed or not (four files, one worker: 63.5 → 53 CPU-s, 72 → 59 s). CI records it on the retry of a
    // failed journey, which keeps it when the retry fails too; locally (no retries) a failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium's fake camera, granted without a prompt, in every worker: the journeys that take a photo or scan
        // with the camera (account, game-day-offline) used to ask for it through their own launch options, which
        // Playwright serves only from a worker of their own — two more servers started and seeded per run.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    },
  },
});
