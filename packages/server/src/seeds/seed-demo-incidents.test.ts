import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentList } from '@touchline/contracts/incidents';
import type { ConditionList } from '@touchline/contracts/conditions';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { memberConditions } from '../db/schema/index.ts';
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
  });
});
