import { PGlite } from '@electric-sql/pglite';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { fromPglite, fromPool, pgliteExtensions, type DatabaseHandle } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { benchDashboard } from './dashboard.ts';
import { benchBulkReview } from './bulk-review.ts';
import { benchLogin } from './login.ts';
import { benchRefreshRequirements } from './refresh-requirements.ts';
import { benchSystemInfo } from './system-info.ts';

// `npm run bench [-- name…]`: runs the named benchmarks (all by default) on a fresh embedded database, and also on
// PostgreSQL when BENCH_DATABASE_URL names a server (a database is created for the run and dropped afterwards).
const benches: Record<string, (db: DatabaseHandle) => Promise<void>> = {
  'system-info': benchSystemInfo,
  login: benchLogin,
  dashboard: benchDashboard,
  'refresh-requirements': benchRefreshRequirements,
  'bulk-review': benchBulkReview,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !(w in benches));
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length ? wanted : Object.keys(benches);

/**
 * The embedded database, in memory — or, with BENCH_PGLITE_DATA_DIR, in a fresh directory on disk, for sizes whose
 * data would not fit the WebAssembly heap (a million members).
 */
async function onEmbedded(fn: (db: DatabaseHandle) => Promise<void>) {
  const dataDir = process.env.BENCH_PGLITE_DATA_DIR;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  const handle = fromPglite(
    await PGlite.create({ extensions: pgliteExtensions, ...(dataDir ? { dataDir } : {}) }),
  );
  try {
    await runMigrations(handle);
    await fn(handle);
  } finally {
    await handle.close();
  }
}

async function onPostgres(adminUrl: string, fn: (db: DatabaseHandle) => Promise<void>) {
  const name = `touchline_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
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

for (const name of selected) {
  const fn = benches[name]!;
  await onEmbedded(fn);
  if (process.env.BENCH_DATABASE_URL) await onPostgres(process.env.BENCH_DATABASE_URL, fn);
}
