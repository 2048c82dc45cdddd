import { spawn } from 'node:child_process';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import { eventually } from '../../test/mail.ts';
import {
  createRunsTable,
  failingJob,
  hangingJob,
  recordJob,
  refusingJob,
  runsOf,
  testJobs,
} from '../../test/queue-jobs.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { outboxTransport } from '../mail/mailer.ts';
import { jobIdFor, openJobQueue, type JobQueue } from './queue.ts';
import { noIntegrations } from '../integrations-wiring.ts';

const log = Fastify({ logger: false }).log;

describe('the job queue (ADR 021)', () => {
  let database: DatabaseHandle;
  const queues: JobQueue[] = [];
  const open = async () => {
    const q = await openJobQueue(database, testJobs, { retryDelaySeconds: 1, superviseIntervalSeconds: 1 });
    queues.push(q);
    return q;
  };
  const work = async (q: JobQueue) =>
    q.startWorkers(
      {
        db: database.db,
        jobs: q,
        transport: outboxTransport(),
        appUrl: 'http://localhost',
        log,
        integrations: noIntegrations,
      },
      { pollingIntervalSeconds: 0.5 },
    );
  beforeAll(async () => {
    database = await openTestDatabase();
    await createRunsTable(database.db);
  });
  afterAll(async () => {
    for (const q of queues) await q.stop(1000);
    await database.close();
  });

  it('never runs a job enqueued in a rolled-back transaction; runs a committed one once under two instances', async () => {
    const a = await open();
    const b = await open();
    await database.db
      .transaction(async (tx) => {
        await a.enqueue(tx, recordJob, { tag: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 20; i += 1) await a.enqueue(tx, recordJob, { tag: 'committed' });
      // The same key twice is one job: idempotent enqueue from our own ids.
      expect(await a.enqueue(tx, recordJob, { tag: 'keyed' }, { key: 'k-1' })).toBe(
        jobIdFor('test.record', 'k-1'),
      );
      expect(await a.enqueue(tx, recordJob, { tag: 'keyed' }, { key: 'k-1' })).toBeNull();
    });
    await work(a);
    await work(b);
    await eventually(async () => (await runsOf(database.db, 'committed')).length >= 20, '20 runs');
    await new Promise((r) => setTimeout(r, 1500));
    const runs = await runsOf(database.db, 'committed');
    expect(runs).toHaveLength(20);
    expect(new Set(runs.map((r) => r.job_id)).size).toBe(20);
    expect(await runsOf(database.db, 'keyed')).toHaveLength(1);
    expect(await runsOf(database.db, 'rolled-back')).toEqual([]);
  }, 60_000);

  it('retries a failing job with growing delays, then lists it in dead letters', async () => {
    const q = queues[0] ?? (await open());
    const id = await database.db.transaction((tx) => q.enqueue(tx, failingJob, { tag: 'failing' }));
    await eventually(
      async () =>
        (await q.deadLetterPage({ limit: 100, offset: 0 })).items.some((d) => d.queue === 'test.fail'),
      'a dead letter',
      40_000,
    );
    const runs = await runsOf(database.db, 'failing');
    expect(runs.map((r) => r.attempt)).toEqual([0, 1, 2]);
    // Its give-up ran once, on the last attempt only.
    expect((await runsOf(database.db, 'failing:gave-up')).map((r) => r.attempt)).toEqual([2]);
    const times = runs.map((r) => new Date(r.at).getTime());
    // Backoff: retryDelay 1 s doubling with jitter, so each retry waits at least about a second.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(900);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(900);
    const letters = (await q.deadLetterPage({ limit: 100, offset: 0 })).items;
    expect(letters.find((d) => d.queue === 'test.fail')).toMatchObject({ data: { tag: 'failing' } });
    expect(id).toBeTruthy();
  }, 60_000);

  it('a job that gives up (GiveUpError) runs its give-up once and is neither retried nor dead-lettered', async () => {
    const q = queues[0] ?? (await open());
    await database.db.transaction((tx) => q.enqueue(tx, refusingJob, { tag: 'refusing' }));
    await eventually(
      async () => (await runsOf(database.db, 'refusing:gave-up')).length === 1,
      'the give-up',
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await runsOf(database.db, 'refusing')).map((r) => r.attempt)).toEqual([0]);
    expect((await runsOf(database.db, 'refusing:gave-up')).length).toBe(1);
    const letters = (await q.deadLetterPage({ limit: 100, offset: 0 })).items;
    expect(letters.some((d) => d.queue === 'test.refuse')).toBe(false);
  }, 30_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'runs a job again after kill -9 of the worker process that had it',
    async () => {
      // Only the child works the queues until it is killed: every worker of this process stops before the job is
      // sent (a NOTIFY would otherwise wake one of them to take it at once).
      for (const running of queues) await running.stop(1000);
      const q = await openJobQueue(database, testJobs);
      queues.push(q);
      await database.db.transaction((tx) => q.enqueue(tx, hangingJob, { tag: 'killed' }));
      const url = database.pool?.options.connectionString ?? '';
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.resolve(import.meta.dirname, '../../test/queue-child.ts')],
        { env: { ...process.env, QUEUE_TEST_DATABASE_URL: url }, stdio: 'ignore' },
      );
      try {
        await eventually(
          async () => (await runsOf(database.db, 'killed')).length === 1,
          'the child to take the job',
          120_000,
        );
        // The worker's own pid (the `node` on PATH may be a launcher that spawned it): kill -9 of the real process.
        const [taken] = await runsOf(database.db, 'killed');
        process.kill(taken?.pid ?? 0, 'SIGKILL');
        const again = await open();
        await work(again);
        await eventually(
          async () => (await runsOf(database.db, 'killed')).length === 2,
          'the job to run again',
          90_000,
        );
        const runs = await runsOf(database.db, 'killed');
        expect(runs[0]?.pid).not.toBe(process.pid);
        expect(runs[1]).toMatchObject({ attempt: 1, pid: process.pid });
      } finally {
        child.kill('SIGKILL');
      }
    },
    240_000,
  );
});
