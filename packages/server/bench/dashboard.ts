import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  dashboardMembersQuerySchema,
  type DashboardFilter,
  type DashboardMembersResponse,
} from '@touchline/contracts/dashboard';
import { findLiveLevel } from '../src/authz/live-queries.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { seedScaleOrganization, type ScaleSeed } from '../src/seeds/seed-scale.ts';
import { fixedHeader } from '../src/modules/dashboard/dashboard-export.ts';
import { countRows, rowsOf } from '../src/modules/dashboard/dashboard.queries.ts';
import { locatePage } from '../src/modules/dashboard/dashboard.service.ts';
import { readCursor } from '../src/modules/dashboard/dashboard.cursor.ts';
import { invitationsOfAccesses } from '../src/modules/members/members.queries.ts';
import { countedTiles, levelCountMismatches } from '../src/modules/dashboard/level-counts.sql.ts';
import {
  exportColumnsStatement,
  exportRowsStatement,
  overallCountsStatement,
  pageStatement,
  requirementCellsStatement,
  requirementCountsStatement,
} from '../src/modules/dashboard/dashboard.sql.ts';
import { adminToken } from './bench-app.ts';
import { downloadOnce, probeDuringDownload } from './dashboard-download.ts';
import { compare, loadNow, report, summarize, type Side } from './measure.ts';

// `npm run bench -- dashboard --members=100000,1000000`: the dashboard at scale (issue 7, ADR 016). For each size a
// scale organization is seeded (set-based), then the members endpoint, the counts and the CSV download are timed
// against the raw SQL of the same statements in the same run.

const sizesArg = process.argv.find((a) => a.startsWith('--members='));
const sizes = (sizesArg?.split('=')[1] ?? '100000').split(',').map(Number);

/**
 * The statements the endpoint runs for one page, run raw through the same driver: the level, the count, the page,
 * then its requirement cells and its invitations (for the row actions) together. Not the HTTP, the token, the
 * actor's context, the transaction or the JSON — the request path the system-info bench measures.
 */
async function rawPage(database: DatabaseHandle, seed: ScaleSeed, query: string) {
  const parsed = dashboardMembersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
  const { page, perPage, after, before, ...filter } = parsed;
  const level = await findLiveLevel(database.db, seed.organizationId, seed.rootLevelId);
  const scope = { organizationId: seed.organizationId, path: level!.path };
  const total = await countRows(database.db, scope, filter);
  const plan = await locatePage(
    database.db,
    scope,
    filter,
    total,
    page,
    perPage,
    readCursor(filter, after, before),
  );
  const rows = await rowsOf<{ profile_id: string; profile_level_access_id: string }>(
    database.db,
    pageStatement(scope, filter, { ...plan, limit: plan.limit + 1 }),
  );
  if (rows.length)
    await Promise.all([
      rowsOf(
        database.db,
        requirementCellsStatement(
          seed.organizationId,
          rows.map((r) => r.profile_id),
        ),
      ),
      invitationsOfAccesses(
        database.db,
        seed.organizationId,
        rows.map((r) => ({ profileId: r.profile_id, profileLevelAccessId: r.profile_level_access_id })),
      ),
    ]);
  return total;
}

/** Inlines a statement's parameters as literals, for COPY and psql (which take no bind parameters). */
function inlineSql(statement: SQL): string {
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

/** V8's collector, exposed at run time, so memory is read as what is still live rather than what awaits collection. */
async function rawCopy(database: DatabaseHandle, url: string | undefined, query: string) {
  const started = performance.now();
  if (database.pglite) await database.pglite.query(`copy (${query}) to '/dev/blob' with (format csv)`);
  else if (url)
    await promisify(execFile)(
      'psql',
      [url, '-q', '-c', `\\copy (${query.replace(/\s+/g, ' ')}) to '/dev/null' csv`],
      {
        maxBuffer: 1024 * 1024,
      },
    );
  return performance.now() - started;
}

/** One size: seed, then every comparison of the issue's goals. */
async function benchSize(database: DatabaseHandle, members: number) {
  const started = performance.now();
  const seed = await seedScaleOrganization(database, members);
  const seconds = (performance.now() - started) / 1000;
  console.warn(
    `dashboard (${database.kind}, ${members} members): seeded ${seed.members} members, ${seed.requirements} requirements, ${seed.levels} levels in ${seconds.toFixed(1)} s`,
  );
  const checkStarted = performance.now();
  const mismatches = await levelCountMismatches(database.db, seed.organizationId);
  console.warn(
    `  per-level counts after the seed vs a full recount: ${mismatches.length === 0 ? 'equal' : `${mismatches.length} rows differ`} (${(performance.now() - checkStarted).toFixed(0)} ms)`,
  );
  const { app, token } = await adminToken(database, seed);
  const rootPath = `/${seed.rootLevelId}/`;
  const base = `/api/app/hierarchy-level/${seed.rootLevelId}`;
  const timeOne = async (run: () => Promise<unknown>) => {
    const t0 = performance.now();
    await run();
    return performance.now() - t0;
  };
  const side = (name: string, run: () => Promise<unknown>): Side => ({ name, run });
  const endpoint = (url: string) =>
    side(url, async () => {
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      return res;
    });
  const cmp = async (a: Side, b: Side) => {
    const once = await timeOne(a.run);
    const iterations = Math.max(1, Math.min(20, Math.round(400 / Math.max(once, 1))));
    return compare(a, b, { rounds: 5, iterations });
  };
  const membersPage = async (query: string) =>
    (
      await app.inject({ url: `${base}/members?${query}`, headers: { authorization: `Bearer ${token}` } })
    ).json() as DashboardMembersResponse;
  const firstBody = await membersPage('');
  console.warn(
    `  total: ${firstBody.totalCount} (${firstBody.totalCountIsEstimate ? 'estimate, marked' : 'exact'}; actual ${seed.members})`,
  );
  // The last page the list offers (the estimate's, past 100,000) and the middle one: jumped to by number.
  const lastPage = Math.ceil(firstBody.totalCount / 25);
  const middlePage = Math.ceil(lastPage / 2);
  const middle = await membersPage(`page=${middlePage}`);
  const rankOf = await rowsOf<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from profile_level_accesses where organization_id = ${seed.organizationId}
      and deleted_at is null and (name_sort_key collate "C", id) < (select name_sort_key collate "C", id
        from profile_level_accesses where id = ${middle.items[0]!.profileLevelAccessId})`,
  );
  console.warn(
    `  middle page ${middlePage}: ${middle.positionIsEstimate ? 'placed by the sample (marked)' : 'exact'}; its first row is row ${rankOf[0]!.n + 1}, page ${middlePage} starts at row ${(middlePage - 1) * 25 + 1} (${(((rankOf[0]!.n - (middlePage - 1) * 25) / seed.members) * 100).toFixed(2)} % of the list off)`,
  );
  const cases: [string, string][] = [
    ['first page', ''],
    ['deep page (middle)', `page=${middlePage}`],
    ['deep page (last)', `page=${lastPage}`],
    ['next page after the middle (cursor)', `page=${middlePage + 1}&after=${middle.nextCursor}`],
    ['previous page before the middle (cursor)', `page=${middlePage - 1}&before=${middle.previousCursor}`],
    ['search "nguy"', 'search=nguy'],
    ['requirementStatuses=Overdue', 'requirementStatuses=4'],
    ['groupMembershipStatus=Inactive', 'groupMembershipStatus=1'],
    ['overallStatuses=Cleared', 'overallStatuses=0'],
    ['sortCol=Status', 'sortCol=Status'],
    ['sortCol=Level DESC', 'sortCol=Level&sortDir=DESC'],
    ['sortCol=Role', 'sortCol=Role'],
    ['sortCol=Email', 'sortCol=Email'],
    ['sortCol=LastActivity', 'sortCol=LastActivity'],
  ];
  const firstPage = { ms: 0 };
  for (const [label, query] of cases) {
    const r = await cmp(
      endpoint(`${base}/members?${query}`),
      side('raw', () => rawPage(database, seed, query)),
    );
    report(`  members ${label}: endpoint vs raw SQL`, r, { max: 2 });
    if (label === 'first page') firstPage.ms = r.a;
    else if (label.startsWith('deep page') || label.includes('(cursor)'))
      console.warn(
        `  ${label} vs first page: ${(r.a / firstPage.ms).toFixed(2)}× (goal ≤ 2×: ${r.a / firstPage.ms <= 2 ? 'met' : 'NOT met'})`,
      );
  }
  const scope = { organizationId: seed.organizationId, path: rootPath };
  // Totals past the exact limit: what the endpoint answers against an exact count of the same filter.
  for (const [label, query] of [
    ['search "example.org"', 'search=example.org'],
    ['requirementStatuses=Completed', 'requirementStatuses=3'],
    ['requirementStatuses=Overdue', 'requirementStatuses=4'],
  ] as const) {
    const res = await app.inject({
      url: `${base}/members?${query}&perPage=1`,
      headers: { authorization: `Bearer ${token}` },
    });
    const body = res.json() as { totalCount: number; totalCountIsEstimate: boolean };
    const {
      page: _page,
      perPage: _perPage,
      ...filter
    } = dashboardMembersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const exact = await countRows(database.db, scope, filter, { exact: Number.MAX_SAFE_INTEGER });
    const off = (100 * Math.abs(body.totalCount - exact.n)) / Math.max(1, exact.n);
    console.warn(
      `  total of ${label}: ${body.totalCount} (${body.totalCountIsEstimate ? 'estimate, marked' : 'exact'}) vs counted ${exact.n}: ${off.toFixed(2)} % off`,
    );
  }
  const scopeFilter = { search: '', labels: [], groupMembershipStatus: 'all' as const };
  const counts = await cmp(
    endpoint(`${base}/dashboard-info`),
    side('raw', async () => {
      await rowsOf(database.db, overallCountsStatement(scope, scopeFilter));
      await rowsOf(database.db, requirementCountsStatement(scope, scopeFilter));
    }),
  );
  report(
    `  dashboard-info (tiles): endpoint, from the per-level counts, vs the scan it replaced (raw SQL)`,
    counts,
  );
  const tilesGoal = database.pglite ? 100 : 50;
  console.warn(
    `  dashboard-info absolute: median ${counts.a.toFixed(1)} ms (${counts.spread.a.min.toFixed(1)}–${counts.spread.a.max.toFixed(1)}) (goal ≤ ${tilesGoal} ms: ${counts.a <= tilesGoal ? 'met' : 'NOT met'})`,
  );
  const counted = await cmp(
    side('counts', () => countedTiles(database.db, scope, scopeFilter)),
    side('scan', async () => {
      await rowsOf(database.db, overallCountsStatement(scope, scopeFilter));
      await rowsOf(database.db, requirementCountsStatement(scope, scopeFilter));
    }),
  );
  report(`  tiles' SQL at the top level: per-level counts vs the scan`, counted);
  if (members <= 100_000) {
    const filter: DashboardFilter = { ...dashboardMembersQuerySchema.parse({}), ...scopeFilter };
    const columns = await rowsOf<{ id: string }>(database.db, exportColumnsStatement(seed.organizationId));
    const cellCount = fixedHeader.length + columns.length;
    // The same statement, its cells spread into columns, so COPY writes the same CSV the endpoint does.
    const query = `select ${Array.from({ length: cellCount }, (_, i) => `cells[${i + 1}]`).join(', ')} from (${inlineSql(
      exportRowsStatement(
        scope,
        filter,
        columns.map((c) => c.id),
      ),
    )}) x`;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const url = `${base}/members/status-download?format=csv`;
    await downloadOnce(port, url, token);
    // Interleaved rounds of the download and the same rows by COPY, after the warm-up above.
    const downloads: number[] = [];
    const copies: number[] = [];
    let bytes = 0;
    for (let r = 0; r < 3; r++) {
      const download = await downloadOnce(port, url, token);
      bytes = download.bytes;
      downloads.push(download.ms);
      copies.push(
        await rawCopy(
          database,
          process.env.BENCH_DATABASE_URL && database.pool ? benchDbUrl(database) : undefined,
          query,
        ),
      );
    }
    const memory = await downloadOnce(port, url, token, true);
    const csv = summarize(downloads, copies);
    report(
      `  CSV of ${seed.members} members (${(bytes / 1024 / 1024).toFixed(1)} MB): download vs ${database.pglite ? "COPY TO '/dev/blob'" : 'psql \\copy'}`,
      csv,
      { max: 3 },
    );
    for (const bytesPerSecond of [undefined, 2 * 1024 * 1024]) {
      const probe = await probeDuringDownload(port, url, token, bytesPerSecond);
      const p99 = probe.latencies[Math.floor(probe.latencies.length * 0.99)] ?? Number.NaN;
      console.warn(
        `  GET /api/app/profile/level-roles during the download${bytesPerSecond ? ' to a client reading 2 MB/s' : ''}: p99 ${p99.toFixed(1)} ms, median ${(probe.latencies[Math.floor(probe.latencies.length / 2)] ?? Number.NaN).toFixed(1)} ms, max ${(probe.latencies.at(-1) ?? Number.NaN).toFixed(1)} ms over ${probe.latencies.length} requests in ${(probe.ms / 1000).toFixed(1)} s (goal p99 ≤ 100 ms: ${p99 <= 100 ? 'met' : 'NOT met'}) [load ${loadNow().toFixed(2)}]`,
      );
    }
    console.warn(
      `  CSV memory growth, live JS heap + buffers after collection (peak of ${memory.samples} samples, every 100 ms and every 256th chunk): ${memory.liveGrowthMb.toFixed(1)} MB, highest − lowest sample ${memory.liveSpreadMb.toFixed(1)} MB (goal ≤ 50 MB: ${memory.liveGrowthMb <= 50 ? 'met' : 'NOT met'}); RSS ${memory.rssGrowthMb.toFixed(1)} MB${database.pglite ? " (includes the embedded database's own WebAssembly memory)" : ''}`,
    );
  }
  await app.close();
}

/** The connection string of the bench database a pool was opened on. */
function benchDbUrl(database: DatabaseHandle): string | undefined {
  const options = (database.pool as unknown as { options?: { connectionString?: string } } | undefined)
    ?.options;
  return options?.connectionString;
}

/** The dashboard at 100,000 and 1,000,000 members (sizes from --members=), endpoint against raw SQL. */
export async function benchDashboard(database: DatabaseHandle) {
  for (const members of sizes) {
    if (database.pglite && members > Number(process.env.BENCH_PGLITE_MAX_MEMBERS ?? 1_000_000)) {
      console.warn(`dashboard (embedded, ${members} members): skipped (BENCH_PGLITE_MAX_MEMBERS)`);
      continue;
    }
    await benchSize(database, members);
  }
}
