import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../test/factories.ts';
import { profileLevelAccesses } from '../db/schema/index.ts';

type Operation = { method: 'GET' | 'DELETE'; path: string; query: string[] };
type OpenApi = {
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
};

/** Every product GET and DELETE route, read from the OpenAPI document, so a new route is covered without a list. */
function tenantOperations(app: TestApp['app']): Operation[] {
  const doc = app.swagger() as unknown as OpenApi;
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    path.startsWith('/api/app/')
      ? Object.entries(methods)
          .filter(([method]) => method === 'get' || method === 'delete')
          .map(([method, op]) => ({
            method: method.toUpperCase() as Operation['method'],
            path,
            query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          }))
      : [],
  );
}

type Pools = { ids: string[]; userId: string; organizationId: string; externalId: string };

function fill(op: Operation, pick: (n: number) => number, pools: Pools[]): string {
  const from = (i: number) => pools[pick(pools.length) % pools.length] ?? pools[i % pools.length];
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const pool = from(0);
    if (!pool) return '';
    if (/external/i.test(name)) return pool.externalId;
    return pool.ids[pick(pool.ids.length) % pool.ids.length] ?? pool.organizationId;
  });
  const params = new URLSearchParams();
  for (const name of op.query) {
    const pool = from(1);
    if (!pool) continue;
    if (/appuserid/i.test(name)) params.set(name, pool.userId);
    else if (/organization(id|guid)/i.test(name)) params.set(name, pool.organizationId);
    else if (/id$/i.test(name)) params.set(name, pool.ids[pick(pool.ids.length) % pool.ids.length] ?? '');
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * ARCHITECTURE §3 and the property: whatever ids a member of one organization sends to any GET or DELETE
 * route, nothing of another organization comes back (its ids, names or e-mails) and nothing of it is removed.
 */
// It walks every route, so it grows with the API: give it room on a loaded machine rather than fewer runs.
describe('tenant isolation', { timeout: 240_000 }, () => {
  let t: TestApp;
  let home: TestOrganization;
  let hidden: TestOrganization;
  let homeAdmin: TestMember;
  let hiddenAdmin: TestMember;
  let homePools: Pools;
  let hiddenPools: Pools;
  let secrets: string[];
  let hiddenRowsBefore: { levels: number; accesses: number; profiles: number };
  const liveRows = async (organizationId: string) => {
    const count = async (table: 'hierarchy_levels' | 'profile_level_accesses' | 'profiles') => {
      const rows = await t.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${organizationId} and deleted_at is null`,
      );
      return Number((rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    };
    return {
      levels: await count('hierarchy_levels'),
      accesses: await count('profile_level_accesses'),
      profiles: await count('profiles'),
    };
  };
  beforeAll(async () => {
    // The walk sends hundreds of requests a minute from one address: the rate limit is not what it tests.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    home = await createTestOrganization(t, 'Home League');
    hidden = await createTestOrganization(t, `Hidden League ${crypto.randomUUID().slice(0, 8)}`);
    homeAdmin = await addTestMember(t, home, home.root, 'Admin');
    await addTestMember(t, home, home.team, 'member');
    hiddenAdmin = await addTestMember(t, hidden, hidden.root, 'Admin', { lastName: 'Hiddenperson' });
    const hiddenPlayer = await addTestMember(t, hidden, hidden.team, 'member', { signedUp: false });
    const externalId = `ext-${crypto.randomUUID()}`;
    await t.database.db
      .update(profileLevelAccesses)
      .set({ externalId })
      .where(eq(profileLevelAccesses.id, hiddenPlayer.profileLevelAccessId));
    const levelIds = (o: TestOrganization) => [o.root.id, o.division.id, o.team.id];
    hiddenPools = {
      ids: [
        hidden.id,
        ...levelIds(hidden),
        ...Object.values(hidden.labelIds),
        hiddenAdmin.profileId,
        hiddenAdmin.profileLevelAccessId,
        hiddenPlayer.profileId,
        hiddenPlayer.profileLevelAccessId,
      ],
      userId: hiddenAdmin.userId ?? '',
      organizationId: hidden.id,
      externalId,
    };
    homePools = {
      ids: [home.id, ...levelIds(home), homeAdmin.profileId, homeAdmin.profileLevelAccessId],
      userId: homeAdmin.userId ?? '',
      organizationId: home.id,
      externalId: 'ext-home',
    };
    hiddenRowsBefore = await liveRows(hidden.id);
    secrets = [
      ...hiddenPools.ids,
      hiddenPools.userId,
      hidden.name,
      'Hiddenperson',
      hiddenAdmin.email,
      externalId,
    ];
  });
  afterAll(() => t.close());

  it('covers the tenant routes', () => {
    expect(tenantOperations(t.app).length).toBeGreaterThan(0);
  });

  it('never answers with another organization’s rows, whatever ids are mixed into the request', async () => {
    const operations = tenantOperations(t.app);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        async (op, choices) => {
          let i = 0;
          const pick = (n: number) => (choices[i++ % choices.length] ?? 0) % Math.max(n, 1);
          const url = fill(op, pick, [hiddenPools, homePools]);
          const res = await t.app.inject({ method: op.method, url, headers: homeAdmin.auth });
          for (const secret of secrets) expect(res.body, `${op.method} ${url}`).not.toContain(secret);
        },
      ),
      { numRuns: 150 },
    );
    expect(await liveRows(hidden.id)).toEqual(hiddenRowsBefore);
  });

  it('answers 404 on every route addressed with only the other organization’s ids', async () => {
    for (const op of tenantOperations(t.app)) {
      if (!/\{\w+\}/.test(op.path) && !op.query.some((q) => /id|guid/i.test(q))) continue;
      for (let k = 0; k < hiddenPools.ids.length; k++) {
        const url = fill(op, () => k, [hiddenPools]);
        const res = await t.app.inject({ method: op.method, url, headers: homeAdmin.auth });
        // A search by value (an external id) finds nothing rather than "not found"; an addressed row is a 404.
        const emptySearch = res.statusCode === 200 && /^(\[\]|\{"items":\[\].*)$/.test(res.body);
        if (!emptySearch)
          expect([400, 403, 404], `${op.method} ${url} → ${res.statusCode}`).toContain(res.statusCode);
        for (const secret of secrets) expect(res.body, `${op.method} ${url}`).not.toContain(secret);
      }
    }
  });
});
