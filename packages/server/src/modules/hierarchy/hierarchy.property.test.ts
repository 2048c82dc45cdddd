import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@touchline/contracts/roles';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestMember, createTestOrganization, type TestOrganization } from '../../../test/factories.ts';
import type { RequestContext } from '../../deps.ts';
import { hierarchyLevels, profileLevelAccesses } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { createLevel, deleteLevel, moveLevel } from './hierarchy.service.ts';

type Command =
  | { kind: 'create'; parent: number; name: string }
  | { kind: 'move'; level: number; parent: number }
  | { kind: 'delete'; level: number }
  | { kind: 'join'; level: number };

const pick = fc.nat({ max: 50 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create'),
      parent: pick,
      name: fc.constantFrom('A', 'a', 'B', 'C'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('move'), level: pick, parent: pick }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete'), level: pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('join'), level: pick }) },
) as fc.Arbitrary<Command>;

describe('the level tree under random creates, moves and deletes (ADR 002 invariant)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const levelsOf = (organizationId: string) =>
    t.database.db
      .select({
        id: hierarchyLevels.id,
        parentId: hierarchyLevels.parentId,
        name: hierarchyLevels.name,
        path: hierarchyLevels.path,
        depth: hierarchyLevels.depth,
        deletedAt: hierarchyLevels.deletedAt,
      })
      .from(hierarchyLevels)
      .where(eq(hierarchyLevels.organizationId, organizationId))
      .orderBy(hierarchyLevels.path);

  /** Runs one command as the organization's admin; the refusals the rules call for (4xx) are part of the game. */
  async function run(org: TestOrganization, ctx: RequestContext, cmd: Command) {
    const live = (await levelsOf(org.id)).filter((l) => l.deletedAt === null);
    const at = (i: number) => live[i % live.length];
    try {
      if (cmd.kind === 'create')
        await createLevel(t.app.deps, ctx, { parentId: at(cmd.parent)?.id ?? '', name: cmd.name });
      if (cmd.kind === 'move')
        await moveLevel(t.app.deps, ctx, { id: at(cmd.level)?.id ?? '', parentId: at(cmd.parent)?.id ?? '' });
      if (cmd.kind === 'delete') await deleteLevel(t.app.deps, ctx, { id: at(cmd.level)?.id ?? '' });
      if (cmd.kind === 'join') {
        const level = at(cmd.level);
        if (level) await addTestMember(t, org, level, 'member', { signedUp: false });
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    }
  }

  async function checkInvariants(org: TestOrganization) {
    const all = await levelsOf(org.id);
    const byId = new Map(all.map((l) => [l.id, l]));
    const live = all.filter((l) => l.deletedAt === null);
    for (const level of live) {
      if (level.parentId === null) {
        expect([level.path, level.depth]).toEqual([`/${level.id}/`, 0]);
        continue;
      }
      const parent = byId.get(level.parentId);
      expect(parent?.deletedAt).toBeNull();
      expect(level.path).toBe(`${parent?.path}${level.id}/`);
      expect(level.depth).toBe((parent?.depth ?? -2) + 1);
      const seen = new Set<string>();
      for (let up: string | null = level.parentId; up !== null; up = byId.get(up)?.parentId ?? null) {
        expect(up).not.toBe(level.id);
        expect(seen.has(up)).toBe(false);
        seen.add(up);
      }
    }
    const siblingNames = live.map((l) => `${l.parentId}:${l.name.toLowerCase()}`);
    expect(new Set(siblingNames).size).toBe(siblingNames.length);
    // Deleting is refused while members remain, so no live membership is ever left at a deleted level.
    const memberships = await t.database.db
      .select({ levelId: profileLevelAccesses.hierarchyLevelId })
      .from(profileLevelAccesses)
      .where(and(eq(profileLevelAccesses.organizationId, org.id), isNull(profileLevelAccesses.deletedAt)));
    const deletedIds = new Set(all.filter((l) => l.deletedAt !== null).map((l) => l.id));
    expect(memberships.filter((m) => deletedIds.has(m.levelId))).toEqual([]);
  }

  it('keeps path = parent.path + id + "/", depth = parent.depth + 1, and no level its own ancestor', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const org = await createTestOrganization(t);
        const ctx: RequestContext = {
          requestId: 'prop',
          userId: crypto.randomUUID(),
          profileId: crypto.randomUUID(),
          organizationId: org.id,
          platformAdmin: false,
          grants: [
            {
              profileLevelAccessId: crypto.randomUUID(),
              hierarchyLevelId: org.root.id,
              levelPath: org.root.path,
              labelId: org.labelIds.Admin,
              role: Role.Admin,
            },
          ],
        };
        for (const cmd of commands) await run(org, ctx, cmd);
        await checkInvariants(org);
      }),
      { numRuns: 40 },
    );
  });
});
