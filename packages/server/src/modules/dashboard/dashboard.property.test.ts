import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DashboardSortColumn,
  dashboardInfoSchema,
  dashboardMembersResponseSchema,
  type DashboardMember,
} from '@touchline/contracts/dashboard';
import { MemberOverallStatus } from '@touchline/contracts/members';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestLevel,
  createTestSuite,
  type TestLevel,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import {
  addTestDefinitions,
  levelsUrl,
  seedDashboardMember,
  type SeededMember,
} from './dashboard-test-kit.ts';

// The list's sort, filters and paging against a reference computed in memory, and the counts against the list,
// over random members (names with accents and case, missing e-mails, shared names, inactive requirements).

const firstNames = ['Zoë', 'zoe', 'Ana', 'anders', 'Björn', 'Çelik', 'Lee', 'Émile', 'Noah'];
const lastNames = ['Ñuñez', 'nunez', 'O’Brien', 'de la Cruz', 'Lee', 'lee', 'Åberg', 'Zhou'];
const roleLabel: Record<string, string> = {
  member: 'Player',
  Manager: 'Manager',
  Director: 'Director',
  Admin: 'Admin',
};

/** The text key both sides compare: accents stripped, lower case (touchline_search_key). */
const key = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

type Ref = SeededMember & { profileLevelAccessId: string; levelPath: string };
type Filter = {
  levelIndex: number;
  sortCol: DashboardSortColumn;
  sortDir: 'ASC' | 'DESC';
  search: string;
  requirementStatuses: number[];
  labels: ('member' | 'Manager' | 'Director')[];
  groupMembershipStatus: 'all' | 0 | 1;
  overallStatuses: number[];
};

const lastActivity = (m: Ref) => {
  const times = m.requirements.filter((r) => r.active).map((r) => r.updatedAt.getTime());
  return times.length ? Math.max(...times) : null;
};

/** The reference: the filter applied to the seeded members in memory, sorted as the spec and ADR 016 say. */
function reference(members: Ref[], levels: TestLevel[], f: Filter): Ref[] {
  const scope = levels[f.levelIndex]!.path;
  const rows = members.filter(
    (m) =>
      m.levelPath.startsWith(scope) &&
      (f.groupMembershipStatus === 'all' || m.groupMembershipStatus === f.groupMembershipStatus) &&
      (!f.labels.length || f.labels.includes(m.role)) &&
      (!f.overallStatuses.length || f.overallStatuses.includes(m.overallStatus)) &&
      (!f.search || key(`${m.firstName} ${m.lastName} ${m.email ?? ''}`).includes(key(f.search))) &&
      (!f.requirementStatuses.length ||
        m.requirements.some((r) => r.active && f.requirementStatuses.includes(r.status))),
  );
  const sign = f.sortDir === 'ASC' ? 1 : -1;
  const nullable = (a: string | number | null, b: string | number | null) =>
    a === null && b === null ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -sign : a > b ? sign : 0;
  const byName = (a: Ref, b: Ref) =>
    sign * (cmp(key(a.lastName), key(b.lastName)) || cmp(key(a.firstName), key(b.firstName)));
  const lead: Record<DashboardSortColumn, (a: Ref, b: Ref) => number> = {
    FullName: () => 0,
    Status: (a, b) => sign * (a.overallStatus - b.overallStatus),
    Level: (a, b) => sign * cmp(key(a.level.name), key(b.level.name)),
    Role: (a, b) => sign * cmp(key(roleLabel[a.role]!), key(roleLabel[b.role]!)),
    Email: (a, b) => nullable(a.email && key(a.email), b.email && key(b.email)),
    LastActivity: (a, b) => nullable(lastActivity(a), lastActivity(b)),
  };
  return rows.sort(
    (a, b) =>
      lead[f.sortCol](a, b) || byName(a, b) || sign * cmp(a.profileLevelAccessId, b.profileLevelAccessId),
  );
}

// Each property runs many generated cases against the database (issue 28: past 30 s beside a second CI run).
describe('the dashboard list against an in-memory reference, and its counts', { timeout: 120_000 }, () => {
  let t: TestApp;
  let org: TestOrganization;
  let admin: TestMember;
  let levels: TestLevel[];
  const members: Ref[] = [];

  beforeAll(async () => {
    ({
      t,
      org,
      members: { admin },
    } = await createTestSuite(
      { admin: ['root', 'Admin', { firstName: 'Ada', lastName: 'Root' }] },
      {},
      // Hundreds of requests a minute from one admin: the per-minute limit is not what this file tests.
      { RATE_LIMIT_PER_MINUTE: '100000' },
    ));
    const team2 = await addTestLevel(t, org.id, 'Team B', org.division);
    const division2 = await addTestLevel(t, org.id, 'Division B', org.root);
    levels = [org.root, org.division, org.team, team2, division2];
    const definitions = await addTestDefinitions(t, org, ['A', 'B', 'C', 'D']);
    const seeded = fc.sample(
      fc.record({
        firstName: fc.constantFrom(...firstNames),
        lastName: fc.constantFrom(...lastNames),
        email: fc.option(fc.constantFrom('x', 'Ÿ', 'b', 'a'), { nil: null }),
        level: fc.integer({ min: 1, max: 4 }),
        role: fc.constantFrom('member' as const, 'Manager' as const, 'Director' as const),
        overallStatus: fc.integer({ min: 0, max: 6 }),
        groupMembershipStatus: fc.integer({ min: 0, max: 1 }),
        requirements: fc.uniqueArray(
          fc.record({
            definition: fc.integer({ min: 0, max: 3 }),
            status: fc.integer({ min: 0, max: 8 }),
            active: fc.boolean(),
            minute: fc.integer({ min: 0, max: 100_000 }),
          }),
          { selector: (r) => r.definition, maxLength: 4 },
        ),
      }),
      { numRuns: 40, seed: 16 },
    );
    for (const [i, s] of seeded.entries()) {
      const m: SeededMember = {
        ...s,
        email: s.email === null ? null : `${s.email}${i}@${s.lastName.replace(/\W/g, '')}.test`,
        level: levels[s.level]!,
        requirements: s.requirements.map((r) => ({
          definitionId: definitions[r.definition]!.id,
          status: r.status,
          active: r.active,
          updatedAt: new Date(Date.UTC(2026, 0, 1) + r.minute * 60_000),
        })),
      };
      const ids = await seedDashboardMember(t, org, m);
      members.push({ ...m, profileLevelAccessId: ids.profileLevelAccessId, levelPath: m.level.path });
    }
    members.push({
      firstName: 'Ada',
      lastName: 'Root',
      email: admin.email,
      level: org.root,
      levelPath: org.root.path,
      role: 'Director',
      overallStatus: MemberOverallStatus.NoRequirements,
      groupMembershipStatus: 0,
      requirements: [],
      profileLevelAccessId: admin.profileLevelAccessId,
    });
    // The admin's label is Admin, not Director: keep them out of label filters by giving the reference its name.
    (members.at(-1) as { role: string }).role = 'Admin';
  });
  afterAll(() => t.close());

  const filterArb = fc.record({
    levelIndex: fc.integer({ min: 0, max: 4 }),
    sortCol: fc.constantFrom(...Object.values(DashboardSortColumn)),
    sortDir: fc.constantFrom('ASC' as const, 'DESC' as const),
    search: fc.oneof(fc.constant(''), fc.constantFrom('zoe', 'NUN', 'lee z', 'b', '.test', 'ö', '%', 'a_')),
    requirementStatuses: fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { maxLength: 2 }),
    labels: fc.uniqueArray(fc.constantFrom('member' as const, 'Manager' as const, 'Director' as const), {
      maxLength: 2,
    }),
    groupMembershipStatus: fc.constantFrom('all' as const, 0 as const, 1 as const),
    overallStatuses: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
  });

  const query = (f: Filter, extra: Record<string, string | number> = {}) => {
    const q = new URLSearchParams({
      sortCol: f.sortCol,
      sortDir: f.sortDir,
      search: f.search,
      groupMembershipStatus: String(f.groupMembershipStatus),
      ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
    });
    for (const s of f.requirementStatuses) q.append('requirementStatuses', String(s));
    for (const s of f.overallStatuses) q.append('overallStatuses', String(s));
    for (const l of f.labels) q.append('labels', org.labelIds[l]);
    return q.toString();
  };
  const list = async (f: Filter, extra: Record<string, string | number> = {}) => {
    const res = await t.app.inject({
      url: `${levelsUrl}/${levels[f.levelIndex]!.id}/members?${query(f, extra)}`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return dashboardMembersResponseSchema.parse(res.json());
  };

  it('sorts, filters and pages as the reference does', async () => {
    await fc.assert(
      fc.asyncProperty(filterArb, fc.integer({ min: 1, max: 7 }), async (f, perPage) => {
        const expected = reference(members, levels, f);
        const pages: DashboardMember[] = [];
        const first = await list(f, { perPage, page: 1 });
        expect(first.totalCount).toBe(expected.length);
        const pageCount = Math.ceil(expected.length / perPage);
        pages.push(...first.items);
        for (let page = 2; page <= pageCount + 1; page++)
          pages.push(...(await list(f, { perPage, page })).items);
        expect(pages.map((m) => m.profileLevelAccessId)).toEqual(expected.map((m) => m.profileLevelAccessId));
        const byId = new Map(members.map((m) => [m.profileLevelAccessId, m]));
        for (const row of pages) {
          const active = byId.get(row.profileLevelAccessId)!.requirements.filter((r) => r.active);
          expect(row.requirements.map((r) => [r.definitionId, r.status]).sort()).toEqual(
            active.map((r) => [r.definitionId, r.status]).sort(),
          );
        }
      }),
      { numRuns: 25 },
    );
  });

  it('pages by cursor, forwards to the end and back to the start, as the reference does', async () => {
    await fc.assert(
      // Mostly the unfiltered order of a level (the random filters together often keep a handful of rows).
      fc.asyncProperty(
        filterArb,
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        async (drawn, filtered, perPage) => {
          const f: Filter = filtered
            ? drawn
            : {
                ...drawn,
                search: '',
                requirementStatuses: [],
                labels: [],
                overallStatuses: [],
                groupMembershipStatus: 'all',
              };
          const expected = reference(members, levels, f).map((m) => m.profileLevelAccessId);
          const ids = (r: { items: DashboardMember[] }) => r.items.map((m) => m.profileLevelAccessId);
          let page = await list(f, { perPage, page: 1 });
          expect(page.previousCursor).toBeNull();
          const forwards = [...ids(page)];
          for (let n = 2; page.nextCursor; n++) {
            page = await list(f, { perPage, page: n, after: page.nextCursor });
            forwards.push(...ids(page));
          }
          expect(forwards).toEqual(expected);
          // Back from the last page by its previous cursors: the same rows, page by page, in order.
          const backwards = [...ids(page)];
          for (let n = page.page - 1; page.previousCursor; n--) {
            page = await list(f, { perPage, page: n, before: page.previousCursor });
            backwards.unshift(...ids(page));
          }
          expect(page.page).toBe(1);
          expect(backwards).toEqual(expected);
          // A page jumped to by number hands on cursors to exactly the pages beside it.
          const middle = Math.max(1, Math.ceil(expected.length / perPage / 2));
          const jumped = await list(f, { perPage, page: middle });
          if (jumped.nextCursor)
            expect(ids(await list(f, { perPage, page: middle + 1, after: jumped.nextCursor }))).toEqual(
              expected.slice(middle * perPage, (middle + 1) * perPage),
            );
          if (jumped.previousCursor)
            expect(ids(await list(f, { perPage, page: middle - 1, before: jumped.previousCursor }))).toEqual(
              expected.slice((middle - 2) * perPage, (middle - 1) * perPage),
            );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('counts what the list totals, tile by tile', async () => {
    await fc.assert(
      fc.asyncProperty(filterArb, async (f) => {
        const scoped = { ...f, requirementStatuses: [], overallStatuses: [] };
        const res = await t.app.inject({
          url: `${levelsUrl}/${levels[f.levelIndex]!.id}/dashboard-info?${query(scoped)}`,
          headers: admin.auth,
        });
        expect(res.statusCode, res.body).toBe(200);
        const info = dashboardInfoSchema.parse(res.json());
        expect(info.totalCount).toBe((await list(scoped, { perPage: 1 })).totalCount);
        for (const { status, count } of info.overallStatusCounts.filter((c) => c.count > 0 || c.status === 0))
          expect((await list({ ...scoped, overallStatuses: [status] }, { perPage: 1 })).totalCount).toBe(
            count,
          );
        for (const { status, count } of info.requirementStatusCounts)
          expect((await list({ ...scoped, requirementStatuses: [status] }, { perPage: 1 })).totalCount).toBe(
            count,
          );
        expect(info.overallStatusCounts.reduce((s, c) => s + c.count, 0)).toBe(info.totalCount);
      }),
      { numRuns: 8 },
    );
  });
});
