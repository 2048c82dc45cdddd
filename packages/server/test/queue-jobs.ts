import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../src/db/client.ts';
import { defineJob, GiveUpError } from '../src/jobs/queue.ts';

/** The table the queue tests' jobs record their runs in, so runs in other processes are counted too. */
export async function createRunsTable(db: Database): Promise<void> {
  await db.execute(
    sql`create table if not exists queue_test_runs (tag text not null, job_id text not null, attempt int not null, pid int not null, at timestamptz not null default clock_timestamp())`,
  );
}

/** The runs recorded for one tag, in order. */
export async function runsOf(db: Database, tag: string) {
  const result = await db.execute(
    sql`select job_id, attempt, pid, at from queue_test_runs where tag = ${tag} order by at`,
  );
  return (
    result as unknown as { rows: { job_id: string; attempt: number; pid: number; at: Date | string }[] }
  ).rows;
}

const record = (db: Database, tag: string, jobId: string, attempt: number) =>
  db.execute(
    sql`insert into queue_test_runs (tag, job_id, attempt, pid) values (${tag}, ${jobId}, ${attempt}, ${process.pid})`,
  );

/** Records its run. */
export const recordJob = defineJob({
  name: 'test.record',
  payload: z.object({ tag: z.string() }),
  run: async (deps, { tag }, ctx) => {
    await record(deps.db, tag, ctx.jobId, ctx.attempt);
  },
});

/** Records its run and fails every time: it ends in dead letters. */
export const failingJob = defineJob({
  name: 'test.fail',
  payload: z.object({ tag: z.string() }),
  retry: { limit: 2, delaySeconds: 1 },
  run: async (deps, { tag }, ctx) => {
    await record(deps.db, tag, ctx.jobId, ctx.attempt);
    throw new Error('this job always fails');
  },
  giveUp: async (deps, { tag }, ctx) => {
    await record(deps.db, `${tag}:gave-up`, ctx.jobId, ctx.attempt);
  },
});

/** Records its run and refuses (a GiveUpError): its give-up runs once and it is never retried. */
export const refusingJob = defineJob({
  name: 'test.refuse',
  payload: z.object({ tag: z.string() }),
  retry: { limit: 2, delaySeconds: 1 },
  run: async (deps, { tag }, ctx) => {
    await record(deps.db, tag, ctx.jobId, ctx.attempt);
    throw new GiveUpError('the vendor refused');
  },
  giveUp: async (deps, { tag }, ctx) => {
    await record(deps.db, `${tag}:gave-up`, ctx.jobId, ctx.attempt);
  },
});

/** Records its run; the first attempt then hangs (the test kills its process), later ones finish. */
export const hangingJob = defineJob({
  name: 'test.hang',
  payload: z.object({ tag: z.string() }),
  expireInSeconds: 2,
  run: async (deps, { tag }, ctx) => {
    await record(deps.db, tag, ctx.jobId, ctx.attempt);
    if (ctx.attempt === 0) await new Promise(() => undefined);
  },
});

/** The test queues' definitions, for every process of a test. */
export const testJobs = [recordJob, failingJob, hangingJob, refusingJob];
