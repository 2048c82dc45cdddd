import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestLevel,
  addTestProfile,
  createTestOrganization,
  type TestLevel,
  type TestOrganization,
} from '../../../test/factories.ts';
import { hierarchyLevels, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import { rowsOf } from './dashboard.queries.ts';
import { overallCountsStatement, requirementCountsStatement, type RowFilter } from './dashboard.sql.ts';
import { countedTiles, levelCountMismatches } from './level-counts.sql.ts';

// ADR 026: the per-level counts the tiles read, kept by triggers, against a full recount after random writes —
// accesses added, changed, archived, restored and deleted, one at a time and in bulk, levels moved — and the tiles
// from the counts against the tiles from a scan of the same rows, for every level and filter.

type Op =
  | { kind: 'add'; level: number; role: number; group: number; overall: number; statuses: number }
  | {
      kind: 'change';
      pick: number;
      level: number;
      role: number;
      group: number;
      overall: number;
      statuses: number;
    }
  | { kind: 'archive' | 'restore' | 'delete'; pick: number }
  | { kind: 'bulkStatus'; overall: number }
  | { kind: 'move' };

const fields = {
  level: fc.nat(3),
  role: fc.nat(2),
  group: fc.nat(1),
  overall: fc.nat(6),
  statuses: fc.nat(511),
};
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), ...fields }),
  fc.record({ kind: fc.constant('change' as const), pick: fc.nat(50), ...fields }),
  fc.record({
    kind: fc.constantFrom('archive' as const, 'restore' as const, 'delete' as const),
    pick: fc.nat(50),
  }),
  fc.record({ kind: fc.constant('bulkStatus' as const), overall: fc.nat(6) }),
  fc.record({ kind: fc.constant('move' as const) }),
);

describe('per-level member counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('match a full recount and the scanned tiles after any writes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        const org: TestOrganization = await createTestOrganization(t);
        const club: TestLevel = await addTestLevel(t, org.id, 'Club', org.division);
        const levels = [org.root, org.division, org.team, club];
        const roles = ['member', 'Manager', 'Director'] as const;
        const accesses: string[] = [];
        let moved = false;
        for (const o of ops) {
          if (o.kind === 'add') {
            const { profileLevelAccessId } = await addTestProfile(t, org, levels[o.level]!, roles[o.role]!, {
              firstName: 'P',
              lastName: String(accesses.length),
              email: `p${accesses.length}.${org.id.slice(0, 8)}@counts.test`,
            });
            await t.database.db
              .update(profileLevelAccesses)
              .set({
                groupMembershipStatus: o.group,
                overallStatus: o.overall,
                requirementStatuses: o.statuses,
              })
              .where(eq(profileLevelAccesses.id, profileLevelAccessId));
            accesses.push(profileLevelAccessId);
            continue;
          }
          if (o.kind === 'bulkStatus') {
            await t.database.db
              .update(profileLevelAccesses)
              .set({ overallStatus: o.overall })
              .where(eq(profileLevelAccesses.organizationId, org.id));
            continue;
          }
          if (o.kind === 'move') {
            // The team moves between the division and the root (its accesses' paths follow, migration 0010).
            const parent = moved ? org.division : org.root;
            await t.database.db
              .update(hierarchyLevels)
              .set({ parentId: parent.id, path: `${parent.path}${org.team.id}/` })
              .where(eq(hierarchyLevels.id, org.team.id));
            moved = !moved;
            continue;
          }
          const id = accesses[o.pick % Math.max(1, accesses.length)];
          if (!id) continue;
          const where = and(eq(profileLevelAccesses.id, id), eq(profileLevelAccesses.organizationId, org.id));
          if (o.kind === 'change')
            await t.database.db
              .update(profileLevelAccesses)
              .set({
                hierarchyLevelId: levels[o.level]!.id,
                labelId: org.labelIds[roles[o.role]!],
                groupMembershipStatus: o.group,
                overallStatus: o.overall,
                requirementStatuses: o.statuses,
              })
              .where(where);
          else if (o.kind === 'delete') {
            await t.database.db.delete(profileLevelAccesses).where(where);
            accesses.splice(accesses.indexOf(id), 1);
          } else
            await t.database.db
              .update(profileLevelAccesses)
              .set({ deletedAt: o.kind === 'archive' ? new Date() : null })
              .where(where);
        }
        expect(await levelCountMismatches(t.database.db, org.id)).toEqual([]);
        const current = await t.database.db
          .select({ path: hierarchyLevels.path })
          .from(hierarchyLevels)
          .where(eq(hierarchyLevels.organizationId, org.id));
        const filters: RowFilter[] = [
          { search: '', labels: [], groupMembershipStatus: 'all' },
          { search: '', labels: [org.labelIds.Manager, org.labelIds.member], groupMembershipStatus: 1 },
        ];
        const sorted = (rows: { status: number; n: number }[]) =>
          rows
            .map((r) => ({ status: Number(r.status), n: Number(r.n) }))
            .filter((r) => r.n > 0)
            .sort((a, b) => a.status - b.status);
        for (const { path } of current)
          for (const filter of filters) {
            const scope = { organizationId: org.id, path };
            const counted = await countedTiles(t.database.db, scope, filter);
            expect(sorted(counted.overall)).toEqual(
              sorted(await rowsOf(t.database.db, overallCountsStatement(scope, filter))),
            );
            expect(sorted(counted.byRequirement)).toEqual(
              sorted(await rowsOf(t.database.db, requirementCountsStatement(scope, filter))),
            );
          }
      }),
      { numRuns: 15 },
    );
  });

  it('follow a profile archived with its accesses (migration 0009) and rows written in one statement', async () => {
    const org = await createTestOrganization(t);
    const { profileId } = await addTestProfile(t, org, org.team, 'member', {
      firstName: 'A',
      lastName: 'B',
      email: `ab.${org.id.slice(0, 8)}@counts.test`,
    });
    await t.database.db.execute(sql`insert into profile_level_accesses
      (organization_id, profile_id, hierarchy_level_id, label_id)
      select ${org.id}, ${profileId}, l.id, ${org.labelIds.member} from hierarchy_levels l
      where l.organization_id = ${org.id}`);
    await t.database.db.update(profiles).set({ deletedAt: new Date() }).where(eq(profiles.id, profileId));
    expect(await levelCountMismatches(t.database.db, org.id)).toEqual([]);
    const tiles = await countedTiles(
      t.database.db,
      { organizationId: org.id, path: org.root.path },
      { search: '', labels: [], groupMembershipStatus: 'all' },
    );
    expect(tiles.overall).toEqual([]);
  });
});
