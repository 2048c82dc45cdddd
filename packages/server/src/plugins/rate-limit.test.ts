import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { openSecondConnection, openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../db/client.ts';

const limit = 6;
// Two app instances per test: generous on a loaded machine.
const timeout = 120_000;

/** Two instances on one database with the given rate-limit store, and a key prefix of their own. */
async function twoInstances(store: string): Promise<{ a: TestApp; b: TestApp; close: () => Promise<void> }> {
  const database: DatabaseHandle = await openTestDatabase();
  const other = openSecondConnection(database);
  const env = {
    RATE_LIMIT_PER_MINUTE: String(limit),
    RATE_LIMIT_STORE: store,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `touchline-test:${randomUUID()}:`,
  };
  const a = await createTestApp(env, {}, database);
  const b = await createTestApp(env, {}, other);
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      await other.close();
      await database.close();
    },
  };
}

/** Sends twice the limit from one client address, alternating between the instances; returns the statuses. */
async function alternate(a: TestApp, b: TestApp): Promise<number[]> {
  const statuses: number[] = [];
  for (let n = 0; n < limit * 2; n += 1) {
    const res = await (n % 2 === 0 ? a : b).app.inject({
      url: '/api/system/info',
      remoteAddress: '203.0.113.5',
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('the API rate limit across instances (ADR 019)', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it.each(['database', 'redis'])(
    'with the %s store, two instances together allow exactly the limit',
    async (store) => {
      const pair = await twoInstances(store);
      close = pair.close;
      const statuses = await alternate(pair.a, pair.b);
      expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
      expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
      const other = await pair.b.app.inject({ url: '/api/system/info', remoteAddress: '203.0.113.6' });
      expect(other.statusCode).toBe(200);
    },
    timeout,
  );

  it(
    'with the in-memory store (the embedded database, one process) each instance counts alone',
    async () => {
      const pair = await twoInstances('memory');
      close = pair.close;
      expect((await alternate(pair.a, pair.b)).filter((s) => s === 200)).toHaveLength(limit * 2);
    },
    timeout,
  );
});
