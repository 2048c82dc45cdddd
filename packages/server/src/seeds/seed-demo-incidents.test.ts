import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentList } from '@touchline/contracts/incidents';
import type { ConditionList } from '@touchline/contracts/conditions';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  labels,
  memberConditions,
  memberRequirements,
  profileLevelAccesses,
  profiles,
} from '../db/schema/index.ts';
import { clearanceDefinitionOf } from '../modules/incidents/clearance-requirement.service.ts';
import { seedDemoIncidents } from './seed-demo-incidents.ts';
import { linkDemoAdminProfile, seedDemoOrganization } from './seed-demo.ts';

describe('the demo league’s incidents and conditions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds incidents in each state and members under conditions, once; the admin reads them through the API', async () => {
    const db = t.database.db;
    const { organizationId } = await seedDemoOrganization(db);
    await linkDemoAdminProfile(db, (profileId) =>
      t.createUser({ email: 'admin@demo.touchline.test', roles: ['Admin'], currentProfileId: profileId }),
    );
    // The volunteers accepted their invitations (the demo history gives most members an account).
    const volunteers = await db
      .select({ id: profiles.id, email: profiles.email })
      .from(profiles)
      .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.profileId, profiles.id))
      .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
      .where(and(eq(profiles.organizationId, organizationId), eq(labels.name, 'Volunteer')));
    for (const v of volunteers) {
      const userId = await t.createUser({ email: v.email ?? '', currentProfileId: v.id });
      await db.update(profiles).set({ appUserId: userId }).where(eq(profiles.id, v.id));
    }
    expect(await seedDemoIncidents(db)).toEqual({ incidents: 5 });
    expect(await seedDemoIncidents(db)).toBeNull();

    const auth = { authorization: `Bearer ${(await t.signIn('admin@demo.touchline.test')).access_token}` };
    const list = (
      await t.app.inject({ url: '/api/app/incident/incidents', headers: auth })
    ).json() as IncidentList;
    expect(list.items.map((i) => i.status).sort()).toEqual([
      'ActionTaken',
      'Closed',
      'Closed',
      'Reported',
      'UnderReview',
    ]);
    expect(list.openCount).toBe(3);
    const misconduct = list.items.find((i) => i.type === 'misconduct');
    expect(misconduct?.mandatoryReport?.safeSportReportedAt).not.toBeNull();
    expect(misconduct?.history.map((h) => h.action)).toEqual([
      'reported',
      'note',
      'updated',
      'updated',
      'note',
    ]);

    const conditions = await db
      .select()
      .from(memberConditions)
      .where(eq(memberConditions.organizationId, organizationId));
    expect(conditions.map((c) => `${c.kind}:${c.status}`).sort()).toEqual([
      'MedicalInfo:Active',
      'RemovedFromPlay:Active',
      'RemovedFromPlay:Lifted',
      'Restriction:Active',
    ]);
    const removed = conditions.find((c) => c.kind === 'RemovedFromPlay' && c.status === 'Active');
    const theirs = (
      await t.app.inject({ url: `/api/app/profile/conditions/${removed?.profileId}`, headers: auth })
    ).json() as ConditionList;
    expect(theirs.notClearedReason).toBe('Not cleared: Removed from play — concussion protocol');

    // Their guardian, a volunteer of the team who signs in, finds the child's conditions and the clearance to hand in;
    // the child holds the clearance requirement.
    const [child] = await db
      .select()
      .from(profiles)
      .where(eq(profiles.id, removed?.profileId ?? ''));
    const guardian = volunteers.find((v) => v.id === child?.guardianProfileId);
    expect(guardian).toBeDefined();
    const asGuardian = {
      authorization: `Bearer ${(await t.signIn(guardian?.email ?? '')).access_token}`,
    };
    const family = (
      (await t.app.inject({ url: '/api/app/incident/incidents', headers: asGuardian })).json() as IncidentList
    ).family;
    expect(family.map((f) => f.profileId)).toContain(child?.id);
    const seen = await t.app.inject({
      url: `/api/app/profile/conditions/${child?.id}`,
      headers: asGuardian,
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect((seen.json() as ConditionList).items[0]).toMatchObject({ status: 'Active', liftedBy: 'Document' });
    const definitionId = await clearanceDefinitionOf(db, organizationId);
    const [requirement] = await db
      .select()
      .from(memberRequirements)
      .where(
        and(
          eq(memberRequirements.profileId, child?.id ?? ''),
          eq(memberRequirements.definitionId, definitionId ?? ''),
        ),
      );
    expect(requirement).toMatchObject({ active: true, pendingReview: false });
  });
});
