import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/database.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedScaleOrganization, type ScaleSeed } from '../../seeds/seed-scale.ts';
import { countRows, defaultSampleFraction, rowsOf, uuidBelow } from './dashboard.queries.ts';
import { dashboardMembersQuerySchema, type DashboardFilter } from '@touchline/contracts/dashboard';
import { locatePage } from './dashboard.service.ts';
import {
  pageStatement,
  sampleAnchorStatement,
  sampledCountStatement,
  sampleIdBound,
  type DashboardScope,
  type PageWindow,
  type RowFilter,
} from './dashboard.sql.ts';

// The totals behind the members list (ADR 016) on a scale organization small enough for a test: exact counts up
// to the limit and the sampled estimate beyond it — with the limits shrunk so a few
// hundred members play the part of a million. Also the stored keys the dashboard sorts and searches on (migration 0009)
// and the accesses' copies of them (0010).

const scopeOnly: RowFilter = { search: '', labels: [], groupMembershipStatus: 'all' };

/** The list's filter (sort included) of a members query: everything but its paging. */
function filterOf(query: Record<string, string>): DashboardFilter {
  const {
    page: _page,
    perPage: _perPage,
    after: _after,
    before: _before,
    ...filter
  } = dashboardMembersQuerySchema.parse(query);
  return filter;
}

describe('dashboard totals and stored sort keys at scale', () => {
  let database: DatabaseHandle;
  let seed: ScaleSeed;
  let scope: DashboardScope;
  const one = async <T>(statement: SQL) => (await rowsOf<T>(database.db, statement))[0]!;

  beforeAll(async () => {
    database = await openTestDatabase();
    seed = await seedScaleOrganization(database, 600);
    scope = { organizationId: seed.organizationId, path: `/${seed.rootLevelId}/` };
  });
  afterAll(() => database.close());

  it('counts exactly up to the limit, with or without filters', async () => {
    expect(await countRows(database.db, scope, scopeOnly, { exact: seed.members })).toEqual({
      n: seed.members,
      estimate: false,
    });
    const inactive = await one<{ n: number }>(sql`select count(*)::int as n from profile_level_accesses
      where organization_id = ${seed.organizationId} and deleted_at is null and group_membership_status = 1`);
    expect(
      await countRows(database.db, scope, { ...scopeOnly, groupMembershipStatus: 1 }, { exact: inactive.n }),
    ).toEqual({ n: inactive.n, estimate: false });
    const truth = await countRows(database.db, scope, { ...scopeOnly, search: 'member1' }, { exact: 10_000 });
    expect(truth.estimate).toBe(false);
    expect(truth.n).toBeGreaterThan(100);
    expect(
      await countRows(database.db, scope, { ...scopeOnly, search: 'member1' }, { exact: truth.n }),
    ).toEqual(truth);
  });

  it('estimates from a uniform sample beyond the limit, marked, steady from request to request', async () => {
    const filters: RowFilter[] = [
      scopeOnly,
      { ...scopeOnly, groupMembershipStatus: 0 },
      { ...scopeOnly, requirementStatuses: [3] },
      { ...scopeOnly, search: 'example.org' },
      { ...scopeOnly, search: 'a', requirementStatuses: [4, 8] },
    ];
    for (const filter of filters) {
      const truth = await countRows(database.db, scope, filter, { exact: 10_000 });
      const estimate = await countRows(database.db, scope, filter, { exact: 50, fraction: 0.75 });
      expect(estimate.estimate, JSON.stringify(filter)).toBe(true);
      expect(estimate.n).toBeGreaterThan(50);
      // Three quarters of the ids sampled: the estimate is within a fifth of the truth (over 5 standard errors).
      expect(Math.abs(estimate.n - truth.n) / truth.n, `${estimate.n} vs ${truth.n}`).toBeLessThan(0.2);
      expect(await countRows(database.db, scope, filter, { exact: 50, fraction: 0.75 })).toEqual(estimate);
    }
    // A sample that happens to find fewer rows than the cap saw still says at least what was counted. The share is
    // chosen below the organization's smallest access id, so the sample finds none whatever ids the seed drew (a
    // fixed 1/1,000,000 found one now and then, and said 1,000,000).
    const [smallest] = await rowsOf<{ id: string }>(
      database.db,
      sql`select min(id::text) as id from profile_level_accesses where organization_id = ${seed.organizationId}`,
    );
    const below = parseInt(smallest!.id.slice(0, 8), 16) / 2 ** 32 / 2;
    expect(uuidBelow(below) <= smallest!.id).toBe(true);
    const thin = await countRows(database.db, scope, scopeOnly, { exact: 500, fraction: below });
    expect(thin).toEqual({ n: 501, estimate: true });
  });

  it('places a page of an estimated list exactly near the start, else from the nearer end or a sampled anchor', async () => {
    const filter = filterOf({});
    const limits = { exact: 50, fraction: 0.75 };
    const estimated = await countRows(database.db, scope, filter, limits);
    expect(estimated.estimate).toBe(true);
    const read = async (window: PageWindow) => {
      const rows = await rowsOf<{ profile_level_access_id: string }>(
        database.db,
        pageStatement(scope, filter, window),
      );
      return (window.reverse ? rows.reverse() : rows).map((r) => r.profile_level_access_id);
    };
    const truth = await read({ limit: 10_000, offset: 0, reverse: false });
    expect(truth).toHaveLength(seed.members);
    const pages = Math.ceil(estimated.n / 25);
    const middle = Math.ceil(pages / 2);
    for (const page of [1, 2, 3, middle, pages - 3, pages - 1, pages, pages + 2]) {
      const plan = await locatePage(database.db, scope, filter, estimated, page, 25, undefined, limits);
      const got = await read(plan);
      const offset = (page - 1) * 25;
      const at = got.length ? truth.indexOf(got[0]!) : truth.length;
      // Whatever the placing, the page is a run of the true order.
      expect(got, `page ${page}`).toEqual(truth.slice(at, at + got.length));
      if (offset + 25 <= limits.exact || offset >= estimated.n) {
        expect(plan.positionIsEstimate, `page ${page}`).toBe(false);
        expect(at, `page ${page}`).toBe(Math.min(offset, truth.length));
      } else {
        expect(plan.positionIsEstimate, `page ${page}`).toBe(true);
        expect(got).toHaveLength(Math.min(25, estimated.n - offset));
        // Placed by the sample: near where the page would be (well within a fifth of the list at this sample size).
        expect(Math.abs(at - offset), `page ${page}`).toBeLessThan(truth.length / 5);
      }
      // Far from both ends the page is read after a sampled row; past the middle, from the end backwards.
      if (page === middle) expect(plan.after).toBeDefined();
      if (page >= pages - 3 && page <= pages) expect(plan.reverse).toBe(true);
    }
  });

  it('finds the same page of a search whether it picks the rows first or walks the names', async () => {
    const filter = filterOf({ search: 'an' });
    const ids = async (window: { limit: number; offset: number; reverse: boolean; narrowFirst: boolean }) =>
      (
        await rowsOf<{ profile_level_access_id: string }>(database.db, pageStatement(scope, filter, window))
      ).map((r) => r.profile_level_access_id);
    for (const offset of [0, 25, 50]) {
      const walked = await ids({ limit: 25, offset, reverse: false, narrowFirst: false });
      expect(walked).toHaveLength(25);
      expect(await ids({ limit: 25, offset, reverse: false, narrowFirst: true })).toEqual(walked);
    }
  });

  it('samples the share of ids it names', () => {
    expect(uuidBelow(0.5)).toBe('80000000-0000-0000-0000-000000000000');
    expect(uuidBelow(1 / 16)).toBe('10000000-0000-0000-0000-000000000000');
    expect(uuidBelow(1)).toBe('ffffffff-ffff-ffff-ffff-ffffffffffff');
    expect(uuidBelow(0)).toBe('00000001-0000-0000-0000-000000000000');
    // The estimate's default share is the sample index's: its predicate names this literal.
    expect(uuidBelow(defaultSampleFraction)).toBe(sampleIdBound);
  });

  it('counts and walks the default sample through plas_org_name_sample_idx', async () => {
    const plan = async (statement: SQL) =>
      JSON.stringify(await rowsOf(database.db, sql`explain (format json) ${statement}`));
    const filter = filterOf({});
    expect(await plan(sampledCountStatement(scope, filter, sampleIdBound))).toContain(
      'plas_org_name_sample_idx',
    );
    expect(await plan(sampleAnchorStatement(scope, filter, true, 3, sampleIdBound))).toContain(
      'plas_org_name_sample_idx',
    );
  });

  it('keeps every profile’s stored sort and search keys equal to what they are computed from', async () => {
    const drift = await one<{ names: number; emails: number; search: number }>(sql`select
        count(*) filter (where p.name_sort_key is distinct from
          touchline_search_key(p.last_name) || chr(1) || touchline_search_key(p.first_name))::int as names,
        count(*) filter (where p.email_sort_key is distinct from touchline_search_key(p.email::text))::int as emails,
        count(*) filter (where p.search_text is distinct from
          touchline_profile_search_text(p.first_name, p.last_name, p.email::text))::int as search
      from profiles p where p.organization_id = ${seed.organizationId}`);
    expect(drift).toEqual({ names: 0, emails: 0, search: 0 });
  });

  /** Accesses whose copies (migration 0010) differ from their level's path and their profile's keys. */
  const copyDrift = () =>
    one<{ paths: number; names: number; emails: number }>(sql`select
        count(*) filter (where pla.level_path is distinct from lv.path)::int as paths,
        count(*) filter (where pla.name_sort_key is distinct from p.name_sort_key)::int as names,
        count(*) filter (where pla.email_sort_key is distinct from p.email_sort_key)::int as emails
      from profile_level_accesses pla
      join hierarchy_levels lv on lv.id = pla.hierarchy_level_id
      join profiles p on p.id = pla.profile_id
      where pla.organization_id = ${seed.organizationId}`);

  it('keeps every access’s copies of its level’s path and its profile’s keys equal to their sources', async () => {
    expect(await copyDrift()).toEqual({ paths: 0, names: 0, emails: 0 });
  });

  it('still reports an access to a missing level as the foreign key it breaks', async () => {
    const failure = await database.db
      .execute(
        sql`insert into profile_level_accesses (organization_id, profile_id, hierarchy_level_id, label_id)
          select organization_id, profile_id, ${crypto.randomUUID()}, label_id from profile_level_accesses
          where organization_id = ${seed.organizationId} limit 1`,
      )
      .then(
        () => 'inserted',
        (e: Error & { cause?: Error }) => String(e.cause?.message ?? e.message),
      );
    expect(failure).toMatch(/foreign key/);
  });

  it('follows a renamed member in the stored name key, on the profile and its accesses', async () => {
    const { id } = await one<{ id: string }>(
      sql`select profile_id as id from profile_level_accesses where organization_id = ${seed.organizationId}
        and profile_id <> ${seed.adminProfileId} limit 1`,
    );
    await database.db.execute(
      sql`update profiles set first_name = 'Élodie', last_name = 'Ñandú', email = 'ÉLO@x.test' where id = ${id}`,
    );
    const row = await one<{ key: string }>(sql`select name_sort_key as key from profiles where id = ${id}`);
    expect(row.key).toBe('nandu\u0001elodie');
    const access = await one<{ name: string; email: string }>(sql`select name_sort_key as name,
        email_sort_key as email from profile_level_accesses where profile_id = ${id}`);
    expect(access).toEqual({ name: 'nandu\u0001elodie', email: 'elo@x.test' });
    expect(await copyDrift()).toEqual({ paths: 0, names: 0, emails: 0 });
  });

  it('follows a moved level, and a member moved to another level, in the accesses’ paths', async () => {
    const club = await one<{ id: string; path: string; depth: number }>(sql`select id, path, depth
      from hierarchy_levels where organization_id = ${seed.organizationId} and depth = 3 order by path limit 1`);
    const region = await one<{ id: string; path: string; depth: number }>(sql`select id, path, depth
      from hierarchy_levels where organization_id = ${seed.organizationId} and depth = 1 and ${club.path} not like path || '%'
      limit 1`);
    // The hierarchy's move (ADR 002): the subtree's paths take the new prefix in one statement.
    const newPath = `${region.path}${club.id}/`;
    const moved = await rowsOf(
      database.db,
      sql`update hierarchy_levels set path = ${newPath} || substr(path, ${club.path.length + 1}),
        parent_id = case when id = ${club.id} then ${region.id}::uuid else parent_id end
      where organization_id = ${seed.organizationId} and path like ${`${club.path}%`} returning id`,
    ).then((rows) => rows.length);
    expect(moved).toBeGreaterThan(1);
    const under = await countRows(database.db, { ...scope, path: `${region.path}${club.id}/` }, scopeOnly);
    expect(under.n).toBeGreaterThan(0);
    const { id } = await one<{ id: string }>(sql`select id from profile_level_accesses
      where organization_id = ${seed.organizationId} and level_path like ${`${region.path}${club.id}/%`} limit 1`);
    await database.db.execute(
      sql`update profile_level_accesses set hierarchy_level_id = ${seed.rootLevelId} where id = ${id}`,
    );
    expect(await countRows(database.db, { ...scope, path: `${region.path}${club.id}/` }, scopeOnly)).toEqual({
      n: under.n - 1,
      estimate: false,
    });
    expect(await copyDrift()).toEqual({ paths: 0, names: 0, emails: 0 });
  });

  it('archives a profile’s live accesses with it, so counts need not join profiles', async () => {
    const { profile_id: profileId } = await one<{
      profile_id: string;
    }>(sql`select profile_id from profile_level_accesses
      where organization_id = ${seed.organizationId} and deleted_at is null and profile_id <> ${seed.adminProfileId} limit 1`);
    const before = await countRows(database.db, scope, scopeOnly);
    await database.db.execute(sql`update profiles set deleted_at = now() where id = ${profileId}`);
    const live = await one<{ n: number }>(sql`select count(*)::int as n from profile_level_accesses
      where profile_id = ${profileId} and deleted_at is null`);
    expect(live.n).toBe(0);
    expect(await countRows(database.db, scope, scopeOnly)).toEqual({ n: before.n - 1, estimate: false });
  });
});
