import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTestMember, createTestOrganization, type TestOrganization } from '../../test/factories.ts';
import { organizations, profileLevelAccesses } from '../db/schema/index.ts';
import type { Actor } from '../plugins/authenticate.ts';
import { loadActorContext, organizationRoles } from './actor-context.ts';

const actor = (userId: string, profileId: string | null, roles: string[] = []): Actor => ({
  userId,
  profileId,
  roles,
  claims: {},
});

/** ADR 007: the database, not the token, says which organization and level roles an actor has. */
describe('loadActorContext', () => {
  let t: TestApp;
  let org: TestOrganization;
  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t);
  });
  afterAll(() => t.close());

  it('resolves the organization and the live grants of the current profile', async () => {
    const director = await addTestMember(t, org, org.division, 'Director');
    const ctx = await loadActorContext(t.database.db, actor(director.userId ?? '', director.profileId));
    expect(ctx).toMatchObject({
      organizationId: org.id,
      profileId: director.profileId,
      platformAdmin: false,
    });
    expect(ctx?.grants).toEqual([
      expect.objectContaining({
        hierarchyLevelId: org.division.id,
        levelPath: org.division.path,
        role: 'Director',
      }),
    ]);
    expect(organizationRoles(ctx?.grants ?? [])).toEqual(['Director']);
  });

  it('is null for a profile the user does not own, or no profile at all', async () => {
    const a = await addTestMember(t, org, org.team, 'member');
    const b = await addTestMember(t, org, org.team, 'Manager');
    expect(await loadActorContext(t.database.db, actor(a.userId ?? '', b.profileId))).toBeNull();
    expect(await loadActorContext(t.database.db, actor(a.userId ?? '', null))).toBeNull();
  });

  it('drops an archived access at once, whatever the token still says', async () => {
    const manager = await addTestMember(t, org, org.team, 'Manager');
    await t.database.db
      .update(profileLevelAccesses)
      .set({ deletedAt: new Date() })
      .where(eq(profileLevelAccesses.id, manager.profileLevelAccessId));
    const ctx = await loadActorContext(
      t.database.db,
      actor(manager.userId ?? '', manager.profileId, ['Manager']),
    );
    expect(ctx?.grants).toEqual([]);
  });

  it('reads only the platform role from the token, and nothing once the organization is deleted', async () => {
    const other = await createTestOrganization(t);
    const member = await addTestMember(t, other, other.root, 'member');
    const ctx = await loadActorContext(
      t.database.db,
      actor(member.userId ?? '', member.profileId, ['TouchlineAdmin', 'Admin']),
    );
    expect(ctx?.platformAdmin).toBe(true);
    expect(organizationRoles(ctx?.grants ?? [])).toEqual([]);
    await t.database.db
      .update(organizations)
      .set({ deletedAt: new Date() })
      .where(eq(organizations.id, other.id));
    expect(await loadActorContext(t.database.db, actor(member.userId ?? '', member.profileId))).toBeNull();
  });
});
