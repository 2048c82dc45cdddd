import { PGlite } from '@electric-sql/pglite';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fromPglite, fromPool, pgliteExtensions, type DatabaseHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { benchDashboard } from './dashboard.ts';
import { benchBulkReview } from './bulk-review.ts';
import { benchLogin } from './login.ts';
import { benchQueue } from './queue.ts';
import { benchRefreshRequirements } from './refresh-requirements.ts';
import { benchRequestPath } from './request-path.ts';
import { benchScreening } from './screening.ts';
import { benchSystemInfo } from './system-info.ts';
import { benchStartup } from './startup.ts';
import { benchVerification } from './verification.ts';

// `npm run bench [-- name…]`: runs the named benchmarks (all by default) on a fresh embedded database, and also on
// PostgreSQL when BENCH_DATABASE_URL names a server (a database is created for the run and dropped afterwards).
const benches: Record<string, (db: DatabaseHandle) => Promise<void>> = {
  'system-info': benchSystemInfo,
  login: benchLogin,
  dashboard: benchDashboard,
  'refresh-requirements': benchRefreshRequirements,
  'bulk-review': benchBulkReview,
  queue: benchQueue,
  'request-path': benchRequestPath,
  screening: benchScreening,
};

// The startup bench starts whole servers instead of calling into one database, so it runs alone (its options take
// values: --runs 5, --members 100000).
if (process.argv[2] === 'startup') {
  await benchStartup();
  process.exit(0);
}
// The verification bench needs no database (issue 29: face and document checks, memory with the models loaded).
if (process.argv[2] === 'verification') {
  await benchVerification();
  process.exit(0);
}
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !(w in benches));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length ? wanted : Object.keys(benches);

/**
 * The embedded database as the product runs it: on disk, in a fresh directory (BENCH_PGLITE_DATA_DIR, or one under
 * the system's temporary folder), removed afterwards. Never in memory: the figures are the shipped configuration's.
 */
async function onEmbedded(fn: (db: DatabaseHandle) => Promise<void>) {
  const named = process.env.BENCH_PGLITE_DATA_DIR;
  const dataDir = named ?? (await mkdtemp(path.join(tmpdir(), 'touchline-bench-')));
  if (named) await rm(named, { recursive: true, force: true });
  const handle = fromPglite(await PGlite.create(dataDir, { extensions: pgliteExtensions }));
  try {
    await runMigrations(handle);
    await fn(handle);
  } finally {
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string, fn: (db: DatabaseHandle) => Promise<void>) {
  const url = new URL(adminUrl);
  // Named after the database the URL names (so a shared server's users keep to their own prefix), unless that is
  // the server's maintenance database.
  const base = url.pathname.slice(1);
  const own = /^[a-z_][a-z0-9_]*$/.test(base) && !['postgres', 'template0', 'template1'].includes(base);
  const name = `${own ? base : 'touchline_bench'}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // pool.end() resolves while idle clients are still closing; DROP … WITH (FORCE) may then cut them off, which is
  // expected here, not a failure of the run.
  pool.on('error', () => undefined);
  const handle = fromPool(pool);
  try {
    await runMigrations(handle);
    await fn(handle);
  } finally {
    await handle.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

// What the figures were taken on: every figure also prints the load average at the time it was taken.
console.warn(
  `bench on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; embedded database on disk; medians (min–max) over rounds after a warm-up`,
);
for (const name of selected) {
  const fn = benches[name]!;
  await onEmbedded(fn);
  if (process.env.BENCH_DATABASE_URL) await onPostgres(process.env.BENCH_DATABASE_URL, fn);
}
