import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { PgBoss, fromDrizzle, type Job, type JobResult } from 'pg-boss';
import type { DatabaseHandle } from '../db/client.ts';
import { bossDb } from './queue-db.ts';
import type { AnyJobDefinition, JobDefinition, JobDeps, JobQueue, TxExecutor } from '../deps.ts';
import { contextFrom, inSpan, SpanKind, trace, traceCarrier, tracingActive } from '../tracing/tracer.ts';

export type { AnyJobDefinition, DeadLetterRecord, JobContext, JobDefinition, JobQueue } from '../deps.ts';

/**
 * A failure that retrying cannot mend (the vendor refused the request): the job's giveUp runs at once and the job
 * completes with the reason as its output, instead of waiting out its retries.
 */
export class GiveUpError extends Error {
  override name = 'GiveUpError';
}

/** Declares a job; the identity function keeps the payload type tied to the handler. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

/** Tuning a deployment or a test may change; defaults suit production. */
export type JobQueueOptions = {
  /** How often an idle worker polls, in seconds (pg-boss minimum 0.5), with or without the NOTIFY listener. */
  pollingIntervalSeconds?: number;
  /** How often expired (lost) jobs are found and retried, in seconds. */
  superviseIntervalSeconds?: number;
  /** Jobs one process runs at once per definition. */
  concurrency?: number;
  /** Replaces every definition's first retry delay (tests: 1 s instead of minutes). */
  retryDelaySeconds?: number;
  /** Most jobs a worker takes per fetch (each still settles on its own); default 10, see batchSizeFor. */
  batchSize?: number;
};

/** Attempts after the first when a definition names none. */
const defaultRetryLimit = 5;

const deadQueue = (name: string) => `${name}.dead`;
const defaultExpireSeconds = 900;

/**
 * How many jobs of a definition one fetch takes. Batches are what make the queue keep up (one fetch and one
 * completion statement per batch instead of per job, and no poll wait while batches come back full), but a batch
 * shares one expiry clock (pg-boss times a batch out at its longest expiry) and its jobs run one after another, so
 * each job keeps at least a minute of that budget. Cron jobs take one: they run alone by policy.
 */
export function batchSizeFor(definition: AnyJobDefinition, wanted = 10): number {
  if (definition.cron) return 1;
  const expire = definition.expireInSeconds ?? defaultExpireSeconds;
  return Math.max(1, Math.min(wanted, Math.floor(expire / 60)));
}

/** What a failed run leaves on the job (and its dead letter): the error's name and message, never its stack. */
function failureOf(err: unknown): { name: string; message: string } {
  if (err instanceof Error) return { name: err.name, message: err.message.slice(0, 1000) };
  return { name: 'Error', message: String(err).slice(0, 1000) };
}
const noJob = '00000000-0000-0000-0000-000000000000';

/** A job's data as its sender gave it (a dead letter's, on the admin pages). */
function withoutTrace(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !(traceKey in data)) return data;
  const { [traceKey]: _carrier, ...rest } = data as Record<string, unknown>;
  return rest;
}

/** Where a job's data keeps the W3C trace context of whoever enqueued it (tracing only); taken off before parsing. */
export const traceKey = '_trace';

/** A stable job id from a job name and our own key, so a repeated enqueue of the same effect is stored once. */
export function jobIdFor(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\u0000${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The advisory-lock key under which instances install or migrate the queue's schema one at a time. */
const queueSchemaLockKey = 720260021;

/**
 * Runs pg-boss's start (which creates or migrates its schema) under a session advisory lock held on a connection of
 * its own, so instances starting together on an empty database do not race on CREATE SCHEMA (ADR 018's rule for
 * migrations, applied to the queue's). The embedded database has one connection and one process: nothing to race.
 */
async function startSerialized(database: DatabaseHandle, start: () => Promise<unknown>): Promise<void> {
  if (!database.pool) {
    await start();
    return;
  }
  // The lock's connection is its own client, not one of the pool's: pg-boss's start needs the pool, and a pool of
  // one connection (the test template's) would otherwise wait forever on the connection holding the lock.
  const lock = new pg.Client(database.pool.options);
  lock.on('error', () => undefined);
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [queueSchemaLockKey]);
    await start();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [queueSchemaLockKey]).catch(() => undefined);
    await lock.end().catch(() => undefined);
  }
}

/**
 * Opens the queue on the product database (its own `pgboss` schema, installed or migrated on first start) and
 * creates a queue per definition with its retry policy and dead-letter queue. Enqueueing works at once; workers
 * run only after startWorkers, so a web-only process (JOBS_MODE=web) never takes jobs.
 */
export async function openJobQueue(
  database: DatabaseHandle,
  definitions: readonly AnyJobDefinition[],
  options: JobQueueOptions & { schedule?: boolean; onError?: (err: Error) => void } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({
    db: bossDb(database, (err) => options.onError?.(err)),
    backend: database.kind === 'embedded' ? 'pglite' : 'postgres',
    schedule: options.schedule ?? false,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    // The per-queue pass that finds expired runs (a killed worker's job) is gated by this; keep them together.
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    monitorVacuum: database.kind !== 'embedded',
    // pg-boss's own OpenTelemetry spans stay off: its process span covers a whole batch (a new trace that only links
    // to the senders once a batch holds more than one job), so each job's span here continues its sender's trace
    // instead (ADR 042), and the worker's polls and settles add no traces of their own.
    openTelemetry: { enabled: false },
    // A job sent on a queue wakes that queue's idle workers through NOTIFY (sent with the job's insert, so on commit),
    // and idle workers poll only as a backstop: the idle server no longer runs a fetch per worker every two seconds.
    useListenNotify: true,
  });
  boss.on('error', (err: Error) => options.onError?.(err));
  await startSerialized(database, () => boss.start());
  const byName = new Map(definitions.map((d) => [d.name, d]));
  for (const d of definitions) {
    await boss.createQueue(deadQueue(d.name), { retentionSeconds: 30 * 86_400 });
    const policy = {
      retryLimit: d.retry?.limit ?? defaultRetryLimit,
      retryDelay: options.retryDelaySeconds ?? d.retry?.delaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: d.expireInSeconds ?? defaultExpireSeconds,
    };
    // A cron job is one run at a time across every instance; a tick while one runs or waits is dropped.
    await boss.createQueue(d.name, {
      ...policy,
      policy: d.cron ? 'exclusive' : 'standard',
      notify: true,
      retryDelayMax: d.retry?.maxDelaySeconds ?? 3600,
      deadLetter: deadQueue(d.name),
    });
    // An existing queue takes the policy the code now declares.
    await boss.updateQueue(d.name, { ...policy, notify: true });
    // Reads each queue once now, so an enqueue inside a transaction never has to look it up: on the embedded
    // database that lookup would wait for the very transaction that is asking.
    await boss.findJobs(d.name, { id: noJob });
    await boss.findJobs(deadQueue(d.name), { id: noJob });
  }
  const workerIds: string[] = [];
  let stopped = false;
  const deadQueues = definitions.map((d) => deadQueue(d.name));
  const inDeadQueues = sql.join(
    deadQueues.map((q) => sql`${q}`),
    sql`, `,
  );
  // pg-boss statements on the caller's transaction: both drivers answer execute() with { rows }.
  const onTx = (tx: TxExecutor) =>
    fromDrizzle({ execute: async (query) => (await tx.execute(query as SQL)) as { rows: unknown[] } }, sql);
  // Which dead-letter queue holds a job, if any, locking its row for the caller's transaction: a second click
  // waits here for the first to commit and then finds the row gone (redrive itself skips locked rows, which would
  // make the second click miss both the row and the first click's not yet committed audit event).
  const deadQueueOf = async (tx: TxExecutor, id: string) => {
    const found = (await tx.execute(
      sql`select name from pgboss.job where id = ${id} and name in (${inDeadQueues}) and state in ('created', 'retry') for update`,
    )) as unknown as { rows: { name: string }[] };
    return found.rows[0]?.name ?? null;
  };

  const run = async (deps: JobDeps, job: Job<unknown>): Promise<'completed' | 'gave-up'> => {
    const { [traceKey]: carrier, ...data } = (job.data ?? {}) as Record<string, unknown>;
    if (!tracingActive()) return runJob(deps, job, data);
    // The job continues the trace of the request (or job) that enqueued it: a child of its send span, linked too.
    const parent = contextFrom(carrier as Record<string, unknown> | undefined);
    const sent = trace.getSpanContext(parent);
    return inSpan(
      `process ${job.name}`,
      {
        kind: SpanKind.CONSUMER,
        parent,
        links: sent ? [{ context: sent }] : [],
        attributes: {
          'messaging.system': 'pg-boss',
          'messaging.operation.type': 'process',
          'messaging.destination.name': job.name,
          'messaging.message.id': job.id,
          'touchline.job.attempt': job.retryCount,
        },
      },
      () => runJob(deps, job, data),
    );
  };

  const runJob = async (deps: JobDeps, job: Job<unknown>, data: object): Promise<'completed' | 'gave-up'> => {
    const definition = byName.get(job.name);
    if (!definition) throw new Error(`no definition for job ${job.name}`);
    const payload: unknown = definition.payload.parse(data);
    const ctx = { jobId: job.id, attempt: job.retryCount };
    try {
      await definition.run(deps, payload, ctx);
      return 'completed';
    } catch (error) {
      const refused = error instanceof GiveUpError;
      const last = job.retryCount >= (definition.retry?.limit ?? defaultRetryLimit);
      if (!definition.giveUp || !(refused || last)) throw error;
      deps.log.warn(
        { job: job.name, jobId: job.id, attempt: job.retryCount, err: failureOf(error) },
        'job failed for good; running its give-up',
      );
      await definition.giveUp(deps, payload, { ...ctx, error });
      if (refused) return 'gave-up';
      throw error;
    }
  };

  return {
    enqueue: async (tx, job, payload, opts = {}) => {
      const data = job.payload.parse(payload) as object;
      const send = (carrier?: Record<string, string>) =>
        boss.send(job.name, carrier ? { ...data, [traceKey]: carrier } : data, {
          db: onTx(tx),
          ...(opts.key ? { id: jobIdFor(job.name, opts.key) } : {}),
          ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
        });
      if (!tracingActive()) return send();
      // With tracing on, the job carries its sender's W3C context beside the payload (never inside it).
      return inSpan(
        `send ${job.name}`,
        {
          kind: SpanKind.PRODUCER,
          attributes: {
            'messaging.system': 'pg-boss',
            'messaging.operation.type': 'send',
            'messaging.destination.name': job.name,
          },
        },
        async (span) => {
          const id = await send(traceCarrier());
          if (id) span.setAttribute('messaging.message.id', id);
          return id;
        },
      );
    },
    startWorkers: async (deps, tuning = {}) => {
      const polling = tuning.pollingIntervalSeconds ?? options.pollingIntervalSeconds;
      for (const d of definitions) {
        const batchSize = batchSizeFor(d, options.batchSize);
        workerIds.push(
          await boss.work(
            d.name,
            {
              // Without a listener (it failed, or a pooler refuses LISTEN) workers poll every two seconds. With one,
              // polling only finds what no NOTIFY announces — a retry or a delayed job coming due, a wake-up lost in a
              // reconnect — every 30 s (pg-boss's backstop). A caller's own interval (tests) holds for both.
              pollingIntervalSeconds: polling ?? 2,
              ...(polling ? { notifyPollingIntervalSeconds: polling } : {}),
              localConcurrency: d.cron ? 1 : (options.concurrency ?? 4),
              batchSize,
              // A full batch means more is waiting: fetch again at once instead of after the poll interval.
              burstWhenBatchFull: batchSize > 1,
              // Each job of a batch completes or fails on its own, so its retries and dead letter stay its own.
              perJobResults: true,
            },
            async (batch) => {
              const results: JobResult[] = [];
              // One after another: `concurrency` stays the number of jobs a process runs at once per definition.
              for (const job of batch) {
                try {
                  const outcome = await run(deps, job);
                  results.push({
                    id: job.id,
                    status: 'completed',
                    ...(outcome === 'gave-up' ? { output: { gaveUp: true } } : {}),
                  });
                } catch (err) {
                  deps.log.warn(
                    { job: job.name, jobId: job.id, attempt: job.retryCount, err: failureOf(err) },
                    'job failed; the queue retries it or dead-letters it',
                  );
                  results.push({ id: job.id, status: 'failed', output: failureOf(err) });
                }
              }
              return results;
            },
          ),
        );
        if (d.cron) await boss.schedule(d.name, d.cron, null, { tz: 'UTC', missed: 'once' });
      }
    },
    stop: async (graceMs = 10_000) => {
      if (stopped) return;
      stopped = true;
      await boss.stop({ graceful: true, timeout: graceMs, close: false });
    },
    deadLetterPage: async ({ queue, limit, offset }) => {
      const where = sql`name in (${inDeadQueues}) and state in ('created', 'retry')${queue ? sql` and name = ${deadQueue(queue)}` : sql``}`;
      const [page, total] = await Promise.all([
        database.db.execute(
          sql`select id, name, source_id, data, source_output, source_retry_count, source_created_on, created_on
              from pgboss.job where ${where} order by created_on desc, id desc limit ${limit} offset ${offset}`,
        ),
        database.db.execute(sql`select count(*)::int as n from pgboss.job where ${where}`),
      ]);
      type Row = {
        id: string;
        name: string;
        source_id: string | null;
        data: unknown;
        source_output: unknown;
        source_retry_count: number | null;
        source_created_on: Date | string | null;
        created_on: Date | string;
      };
      const rows = (page as unknown as { rows: Row[] }).rows;
      return {
        items: rows.map((r) => ({
          id: r.id,
          queue: r.name.replace(/\.dead$/, ''),
          sourceJobId: r.source_id,
          data: withoutTrace(r.data),
          output: r.source_output,
          attempts: (r.source_retry_count ?? 0) + 1,
          firstQueuedAt: r.source_created_on ? new Date(r.source_created_on) : null,
          deadAt: new Date(r.created_on),
        })),
        totalCount: (total as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0,
      };
    },
    retryDeadLetter: async (tx, id) => {
      const queue = await deadQueueOf(tx, id);
      if (!queue) return null;
      // pg-boss's redrive deletes the dead letter and creates the job anew in one statement, on the row locked above.
      const moved = await boss.redrive(queue, { ids: [id], limit: 1, db: onTx(tx) });
      return moved === 1 ? queue.replace(/\.dead$/, '') : null;
    },
    discardDeadLetter: async (tx, id) => {
      const queue = await deadQueueOf(tx, id);
      if (!queue) return null;
      const result = await boss.deleteJob(queue, id, { db: onTx(tx) });
      // pg-boss answers the rows it deleted as `affected` (its declared type leaves the fields out): 0 when a
      // concurrent discard or retry took the row first.
      return (result as { affected?: number }).affected === 1 ? queue.replace(/\.dead$/, '') : null;
    },
  };
}
