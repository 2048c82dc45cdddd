import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stopAtEveryPointOfStartUp } from '../startup-stop.ts';

// Issue 28 item 1 on the embedded database (`npm start`'s): a stop at any moment of start-up — sandboxes, opening
// the data directory, migrations, each part of the demo seed, signing keys, listen, the workers — exits 0, releases
// the data directory's lock and leaves nothing half-written: the next start on the same directory is healthy. Always
// the embedded database, whatever TEST_DATABASE_URL says (PostgreSQL: startup-stop.test.ts). Among the fault tests,
// beside its PostgreSQL twin: twelve real starts are a long pole that `npm test` waited on alone.
describe('SIGTERM at any moment of start-up, on the embedded database', () => {
  it(
    'exits 0 at every point, and the next start on the same data directory is healthy',
    // Twelve real starts, each a whole start at worst: 10.5 s idle, 63 s beside a second CI run on the same two cores,
    // where 600 s ran out with every stop still exiting 0. A hang still fails: each stop SIGKILLs after two minutes.
    { timeout: 1_200_000 },
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
});
