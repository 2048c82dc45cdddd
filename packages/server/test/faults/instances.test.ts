import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../processes.ts';
import { createScratchDatabase } from './scratch-database.ts';

// Issue 16 item 2: instances started together on an empty database raced on the first migration (CREATE
// EXTENSION citext) and one exited with a duplicate key. Migrations now take an advisory lock (ADR 018).
describe('instances started together on an empty PostgreSQL database', () => {
  const started: ServerProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await Promise.all(started.map((p) => p.stop()));
    for (const cleanup of cleanups) await cleanup();
  });

  it('all three migrate one after another and become ready', async () => {
    const database = await createScratchDatabase('instances');
    cleanups.push(database.drop);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => startServerProcess({ env: { DATABASE_URL: database.url.toString() } })),
    );
    for (const result of results) if (result.status === 'fulfilled') started.push(result.value);
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    for (const instance of started) {
      const res = await fetch(`${instance.url}/api/system/info`);
      expect(res.status).toBe(200);
    }
  });
});
