import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DatabaseHandle } from '../src/db/client.ts';
import { defineJob, openJobQueue } from '../src/jobs/queue.ts';
import { outboxTransport } from '../src/mail/mailer.ts';
import { noIntegrations } from '../src/integrations-wiring.ts';

// `npm run bench -- queue`: jobs/s from enqueue to done through our port (pg-boss) against a bare queue table worked
// with `FOR UPDATE SKIP LOCKED` doing the same work (one insert per job), same job count, same concurrency, rounds
// interleaved. Goal (issue 17): the port at least 0.3× the bare loop's rate.
const concurrency = 4;
const batch = 50;

const benchJob = defineJob({
  name: 'bench.work',
  payload: z.object({ n: z.number() }),
  run: async (deps, { n }) => {
    await deps.db.execute(sql`insert into queue_bench_done (n, via) values (${n}, 'port')`);
  },
});

async function throughPort(handle: DatabaseHandle, jobs: number): Promise<number> {
  const queue = await openJobQueue(handle, [benchJob]);
  const log = Fastify({ logger: false }).log;
  await handle.db.execute(sql`delete from queue_bench_done where via = 'port'`);
  const start = performance.now();
  for (let i = 0; i < jobs; i += batch)
    await handle.db.transaction(async (tx) => {
      for (let n = i; n < Math.min(jobs, i + batch); n++) await queue.enqueue(tx, benchJob, { n });
    });
  await queue.startWorkers(
    {
      db: handle.db,
      jobs: queue,
      transport: outboxTransport(),
      appUrl: 'http://bench',
      log,
      integrations: noIntegrations,
    },
    { pollingIntervalSeconds: 0.5 },
  );
  for (;;) {
    const result = await handle.db.execute(
      sql`select count(*)::int as c from queue_bench_done where via = 'port'`,
    );
    if ((result as unknown as { rows: { c: number }[] }).rows[0]?.c === jobs) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - start;
  await queue.stop(1000);
  return (jobs / ms) * 1000;
}

async function bare(handle: DatabaseHandle, jobs: number): Promise<number> {
  await handle.db.execute(sql`delete from queue_bench_done where via = 'bare'`);
  await handle.db.execute(sql`truncate queue_bench_bare`);
  const start = performance.now();
  for (let i = 0; i < jobs; i += batch)
    await handle.db.transaction(async (tx) => {
      for (let n = i; n < Math.min(jobs, i + batch); n++)
        await tx.execute(sql`insert into queue_bench_bare (data) values (${JSON.stringify({ n })}::jsonb)`);
    });
  const worker = async () => {
    for (;;) {
      const took = await handle.db.transaction(async (tx) => {
        const picked = (await tx.execute(
          sql`select id, data from queue_bench_bare where state = 'created' order by id limit 1 for update skip locked`,
        )) as unknown as { rows: { id: number; data: { n: number } }[] };
        const row = picked.rows[0];
        if (!row) return false;
        await tx.execute(sql`update queue_bench_bare set state = 'active' where id = ${row.id}`);
        return row;
      });
      if (!took) return;
      await handle.db.execute(sql`insert into queue_bench_done (n, via) values (${took.data.n}, 'bare')`);
      await handle.db.execute(sql`update queue_bench_bare set state = 'completed' where id = ${took.id}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return (jobs / (performance.now() - start)) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;

/** The queue benchmark on one database: several interleaved rounds of both sides, medians, spread and ratio. */
export async function benchQueue(handle: DatabaseHandle): Promise<void> {
  const jobs = Number(process.env.BENCH_QUEUE_JOBS ?? (handle.kind === 'embedded' ? 300 : 1000));
  const rounds = Number(process.env.BENCH_QUEUE_ROUNDS ?? 5);
  await handle.exec(`create table if not exists queue_bench_done (n int not null, via text not null);
    create table if not exists queue_bench_bare (id bigserial primary key, state text not null default 'created', data jsonb not null)`);
  const port: number[] = [];
  const raw: number[] = [];
  for (let r = 0; r < rounds; r++) {
    port.push(await throughPort(handle, jobs));
    raw.push(await bare(handle, jobs));
  }
  const ratio = median(port) / median(raw);
  console.log(
    `queue (${handle.kind}, ${jobs} jobs × ${rounds} rounds, ${concurrency} workers): port ${median(port).toFixed(0)} jobs/s (${spread(port)}) · bare SKIP LOCKED ${median(raw).toFixed(0)} jobs/s (${spread(raw)}) · ratio ${ratio.toFixed(2)}× ${ratio >= 0.3 ? 'meets' : 'MISSES'} the ≥ 0.3× goal`,
  );
}
