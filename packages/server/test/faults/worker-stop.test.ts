import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- the build script is plain JavaScript without declarations
import { buildServer } from '../../../../scripts/build-server.mjs';
import { startServerProcess, type ServerProcess } from '../processes.ts';
import { createScratchDatabase } from './scratch-database.ts';

// Issue 28 item 1 for the job worker's own process (`npm run worker`, ADR 021): it migrates, opens the queue, sets
// the cron schedules and starts the handlers; a SIGTERM at any of those moments exits 0 and the next start on the
// same database is healthy. (The server's start: startup-stop.test.ts.)
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The entry's first line (src/worker.ts) and the line of a finished start (src/worker-main.ts). */
const startingLine = 'Starting the Touchline job worker…';
const runningLine = 'job worker running';
/** Where a SIGTERM lands, as a share of one whole start (0 = the entry's first line, 1 = running); 0 first. */
const stopPoints = [0, 0.3, 0.6, 0.9, 0.97, 1] as const;

async function untilLogged(worker: ServerProcess, line: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!worker.logs().includes(line)) {
    if (Date.now() > deadline) throw new Error(`never logged "${line}":\n${worker.logs()}`);
    const exited = await Promise.race([
      worker.exited,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 2)),
    ]);
    if (exited) throw new Error(`exited ${JSON.stringify(exited)} before "${line}":\n${worker.logs()}`);
  }
}

describe('SIGTERM at any moment of the job worker’s start, on PostgreSQL', () => {
  it(
    'exits 0 at every point, and the next start on the same database runs',
    { timeout: 600_000 },
    async () => {
      const outRoot = fs.mkdtempSync(path.join(serverRoot, '.worker-stop-test-'));
      try {
        await buildServer(outRoot);
        const compiledMain = path.join(outRoot, 'packages/server/dist/worker.js');
        const start = (databaseUrl: URL) =>
          startServerProcess({
            env: { DATABASE_URL: databaseUrl.toString(), LOG_LEVEL: 'info', SHUTDOWN_GRACE_MS: '20000' },
            waitForReady: false,
            compiledMain,
          });

        // The stop at 0 comes first: the start after it is a whole start on a fresh database, the one measured
        // (one start fewer than measuring a separate whole start first).
        let startMs = 0;
        const stoppedAt: number[] = [];
        for (const share of stopPoints) {
          const database = await createScratchDatabase('worker');
          try {
            const started = await start(database.url);
            await untilLogged(started, startingLine);
            const afterMs = Math.round(share * startMs);
            await new Promise((resolve) => setTimeout(resolve, afterMs));
            const exit = await started.stop(120_000);
            expect(exit, `SIGTERM ${afterMs} ms into a ${startMs} ms start:\n${started.logs()}`).toEqual({
              code: 0,
              signal: null,
            });
            const again = await start(database.url);
            await untilLogged(again, startingLine);
            const startedAt = Date.now();
            await untilLogged(again, runningLine);
            if (share === 0) startMs = Date.now() - startedAt;
            expect(await again.stop(), again.logs()).toEqual({ code: 0, signal: null });
            stoppedAt.push(afterMs);
          } finally {
            await database.drop();
          }
        }
        console.warn(`a whole worker start took ${startMs} ms; stopped at ${stoppedAt.join(', ')} ms`);
        expect(stoppedAt).toHaveLength(stopPoints.length);
      } finally {
        fs.rmSync(outRoot, { recursive: true, force: true });
      }
    },
  );
});
