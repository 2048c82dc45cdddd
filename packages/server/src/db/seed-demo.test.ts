import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { demoOrganizationName, isEmpty, seedDemoOrganization } from './seed-demo.ts';
import { hierarchyLevels, labels, profileLevelAccesses, profiles } from './schema/index.ts';

describe('the demo league', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds an empty database with levels, labels and members', async () => {
    expect(await isEmpty(t.database.db)).toBe(true);
    const seeded = await seedDemoOrganization(t.database.db);
    expect(seeded).toMatchObject({ levels: 9, members: 36 });
    expect(await isEmpty(t.database.db)).toBe(false);

    const db = t.database.db;
    const levels = await db
      .select()
      .from(hierarchyLevels)
      .where(eq(hierarchyLevels.organizationId, seeded.organizationId));
    expect(levels).toHaveLength(9);
    const root = levels.find((l) => l.parentId === null)!;
    expect(root.name).toBe(demoOrganizationName);
    // Every path is the parent's path plus the level's own id: the invariant the subtree queries rely on.
    for (const level of levels) {
      const parent = levels.find((l) => l.id === level.parentId);
      expect(level.path).toBe(`${parent?.path ?? '/'}${level.id}/`);
      expect(level.depth).toBe(parent ? parent.depth + 1 : 0);
    }
    expect(
      (await db.select().from(labels).where(eq(labels.organizationId, seeded.organizationId)))
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Coach', 'Player', 'Volunteer']);
    const members = await db
      .select()
      .from(profiles)
      .where(eq(profiles.organizationId, seeded.organizationId));
    expect(members).toHaveLength(36);
    expect(new Set(members.map((m) => m.email)).size).toBe(36);
    const plas = await db
      .select()
      .from(profileLevelAccesses)
      .where(eq(profileLevelAccesses.organizationId, seeded.organizationId));
    expect(plas.every((p) => p.overallStatus === MemberOverallStatus.NotActivated)).toBe(true);
  });

  it('shows on the landing page facts', async () => {
    const res = await t.app.inject('/api/system/info');
    expect(res.json().demo).toEqual({
      organizationName: demoOrganizationName,
      memberCount: 36,
      levelCount: 9,
    });
  });
});
