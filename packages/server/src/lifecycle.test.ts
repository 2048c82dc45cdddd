import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopAtEveryPointOfStartUp } from '../test/startup-stop.ts';

// Issue 28 item 1 on the embedded database (`npm start`'s): a stop at any moment of start-up — sandboxes, opening
// the data directory, migrations, the demo seed, signing keys, listen, the workers — exits 0, releases the data
// directory's lock and leaves nothing half-written: the next start on the same directory is healthy. (PostgreSQL:
// test/faults/startup-stop.test.ts.) Always the embedded database, whatever TEST_DATABASE_URL says.
// The same file runs in CI's PostgreSQL phase, where test/faults/startup-stop.test.ts covers PostgreSQL: skipped
// there rather than run on the embedded database a second time.
describe.skipIf(process.env.TEST_DATABASE_URL)(
  'SIGTERM at any moment of start-up, on the embedded database',
  () => {
    it(
      'exits 0 at every point, and the next start on the same data directory is healthy',
      { timeout: 600_000 },
      async () => {
        const { startMs, wholeDemo, report } = await stopAtEveryPointOfStartUp(async () => {
          const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-startup-'));
          return {
            env: {},
            dataDir,
            dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
          };
        });
        console.warn(
          `a whole start took ${startMs} ms (seeding ${wholeDemo.join(', ')}); stopped at ${report.map((r) => r.afterMs).join(', ')} ms`,
        );
        expect(report.every((r) => r.exit.code === 0 && r.restartedHealthy)).toBe(true);
      },
    );
  },
);
