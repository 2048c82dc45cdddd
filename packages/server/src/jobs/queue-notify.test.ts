import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import { eventually } from '../../test/mail.ts';
import { createRunsTable, recordJob, runsOf, testJobs } from '../../test/queue-jobs.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { noIntegrations } from '../integrations-wiring.ts';
import { outboxTransport } from '../mail/mailer.ts';
import { openJobQueue, type JobQueue } from './queue.ts';

const log = Fastify({ logger: false }).log;

/** Connections of this test's database that hold the queue's LISTEN (PostgreSQL only). */
async function listeners(database: DatabaseHandle): Promise<number[]> {
  const found = await database.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database() and application_name = 'touchline-jobs-listen'`,
  );
  return (found as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
}

// Workers here poll once a minute, so a job that runs within the waits below was woken by its NOTIFY (ADR 050).
describe('the job queue wakes its workers by NOTIFY', () => {
  let database: DatabaseHandle;
  let queue: JobQueue;
  const errors: Error[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    await createRunsTable(database.db);
    queue = await openJobQueue(database, testJobs, { onError: (err) => errors.push(err) });
    await queue.startWorkers(
      {
        db: database.db,
        jobs: queue,
        transport: outboxTransport(),
        appUrl: 'http://localhost',
        log,
        integrations: noIntegrations,
      },
      { pollingIntervalSeconds: 60 },
    );
  });
  afterAll(async () => {
    await queue.stop(1000);
    await database.close();
  });

  it('runs a job sent to idle workers at once, not at their next poll a minute later', async () => {
    // Past every worker's first fetch, so each is waiting out its minute.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await database.db.transaction((tx) => queue.enqueue(tx, recordJob, { tag: 'woken' }));
    await eventually(async () => (await runsOf(database.db, 'woken')).length === 1, 'the woken run', 20_000);
  }, 30_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'listens again after its connection is cut, and a job sent then still runs at once',
    async () => {
      const [cut] = await listeners(database);
      expect(cut).toBeTypeOf('number');
      await database.db.execute(sql`select pg_terminate_backend(${cut})`);
      // pg-boss reconnects after a second (then backs off): a new connection, listening again.
      await eventually(
        async () => {
          const now = await listeners(database);
          return now.length === 1 && now[0] !== cut;
        },
        'a new listening connection',
        20_000,
      );
      expect(errors.length).toBeGreaterThan(0);
      await database.db.transaction((tx) => queue.enqueue(tx, recordJob, { tag: 'after the cut' }));
      await eventually(
        async () => (await runsOf(database.db, 'after the cut')).length === 1,
        'the run after the cut',
        20_000,
      );
    },
    60_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'closes its listening connection when it stops',
    async () => {
      const other = await openJobQueue(database, testJobs);
      await eventually(async () => (await listeners(database)).length === 2, 'the second listener', 20_000);
      await other.stop(1000);
      await eventually(
        async () => (await listeners(database)).length === 1,
        'the second listener gone',
        20_000,
      );
    },
    60_000,
  );
});
