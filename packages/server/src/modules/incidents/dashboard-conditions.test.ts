import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardInfoSchema,
  dashboardMembersResponseSchema,
  type DashboardMember,
} from '@touchline/contracts/dashboard';
import { concussionConditionTitle } from '@touchline/contracts/conditions';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { validationFields, type TestMember } from '../../../test/factories.ts';
import { reviewersOnlyReason } from './incident-access.service.ts';
import {
  auditOf,
  closeIncidentWorld,
  createIncidentWorld,
  report,
  type IncidentWorld,
} from './incidents.test-kit.ts';

// The dashboard says who is not cleared because of a condition, and why (ADR 040): the reason in the members table,
// the "Under a condition" filter and tile, and open incidents as a count to those who may not read them.

let w: IncidentWorld;
let incidentId: string;
let supervisedId: string;
const levels = '/api/app/hierarchy-level';

const get = (who: TestMember | null, url: string) => w.t.app.inject({ url, headers: who?.auth ?? {} });
const members = async (who: TestMember, levelId: string, query = '') => {
  const res = await get(who, `${levels}/${levelId}/members?perPage=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardMembersResponseSchema.parse(res.json());
};
const info = async (who: TestMember, levelId: string) => {
  const res = await get(who, `${levels}/${levelId}/dashboard-info`);
  expect(res.statusCode, res.body).toBe(200);
  return dashboardInfoSchema.parse(res.json());
};
const rowOf = (rows: DashboardMember[], who: TestMember) => rows.find((r) => r.profileId === who.profileId);

beforeAll(async () => {
  w = await createIncidentWorld();
  // A coach reports a concussion: the player is removed from play at once (Reviewers only).
  ({ id: incidentId } = await report(w, w.coach, {
    type: 'concussion',
    involved: [{ profileId: w.player.profileId, role: 'Injured' }],
    whatHappened: 'Clash of heads; dizzy afterwards.',
  }));
  // A director puts the child under a restriction coaches see, lifted by a decision.
  const saved = await w.t.app.inject({
    method: 'POST',
    url: `/api/app/profile/${w.child.profileId}/condition-save`,
    headers: w.director.auth,
    payload: {
      kind: 'Restriction',
      title: 'Supervised contact only',
      restrictsPlay: true,
      visibility: 'Coaches',
      liftedBy: 'Decision',
    },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  supervisedId = (saved.json() as { id: string }).id;
});
afterAll(() => closeIncidentWorld(w));

describe('GET …/members: the reason a member is not cleared, and the "Under a condition" filter', () => {
  it('401, 404 another organization, 403 role too low, 400 for a bad restricted value with its field', async () => {
    const url = (levelId: string, q = '?restricted=true') => `${levels}/${levelId}/members${q}`;
    expect((await get(null, url(w.org.team.id))).statusCode).toBe(401);
    expect((await get(w.admin, url(w.other.root.id))).statusCode).toBe(404);
    expect((await get(w.coach, url(w.org.team.id))).statusCode).toBe(403);
    const bad = await get(w.admin, url(w.org.root.id, '?restricted=maybe'));
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(['restricted']);
    const badInfo = await get(w.admin, `${levels}/${w.org.root.id}/members/status-download?restricted=1`);
    expect(badInfo.statusCode).toBe(400);
  });

  it('shows the member as not cleared with the reason; the filter finds exactly those under a condition', async () => {
    const all = await members(w.admin, w.org.root.id);
    const player = rowOf(all.items, w.player)!;
    expect(player.notClearedReasons).toEqual([concussionConditionTitle]);
    expect(player.overallStatus).not.toBe(MemberOverallStatus.Cleared);
    expect(rowOf(all.items, w.child)!.notClearedReasons).toEqual(['Supervised contact only']);
    expect(rowOf(all.items, w.coach)!.notClearedReasons).toEqual([]);

    const restricted = await members(w.admin, w.org.root.id, '&restricted=true');
    expect(restricted.items.map((r) => r.profileId).sort()).toEqual(
      [w.player.profileId, w.child.profileId].sort(),
    );
    expect(restricted.totalCount).toBe(2);
    // The filter combines with the others: a search keeps only the player.
    const searched = await members(w.admin, w.org.root.id, '&restricted=true&search=Player');
    expect(searched.items.map((r) => r.profileId)).toEqual([w.player.profileId]);
    // Another organization's dashboard never sees them.
    const elsewhere = await members(w.otherAdmin, w.other.root.id, '&restricted=true');
    expect(elsewhere.items).toEqual([]);
  });

  it('a manager without incident access reads a reviewers-only condition as such, a coaches one by its title', async () => {
    const seen = await members(w.manager, w.org.division.id, '&restricted=true');
    expect(rowOf(seen.items, w.player)!.notClearedReasons).toEqual([reviewersOnlyReason]);
    expect(rowOf(seen.items, w.child)!.notClearedReasons).toEqual(['Supervised contact only']);
  });

  it('audits the read of the reasons, naming whose were shown', async () => {
    const events = await auditOf(w, 'condition.dashboard_read');
    expect(events.length).toBeGreaterThan(0);
    const named = new Set(events.flatMap((e) => (e.data as { profileIds: string[] }).profileIds));
    expect([...named].sort()).toEqual([w.player.profileId, w.child.profileId].sort());
  });

  it('the status download honours the filter', async () => {
    const res = await get(w.admin, `${levels}/${w.org.root.id}/members/status-download?restricted=true`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines).toHaveLength(3);
    expect(res.body).toContain('Player');
    expect(res.body).toContain('Child');
    expect(res.body).not.toContain('Coach');
  });
});

describe('GET …/dashboard-info: under a condition, and open incidents as a count', () => {
  it('401, 404 another organization, 403 role too low', async () => {
    const url = (levelId: string) => `${levels}/${levelId}/dashboard-info`;
    expect((await get(null, url(w.org.team.id))).statusCode).toBe(401);
    expect((await get(w.admin, url(w.other.root.id))).statusCode).toBe(404);
    expect((await get(w.player, url(w.org.team.id))).statusCode).toBe(403);
  });

  it('counts the members under a condition and the open incidents, also to a manager without incident access', async () => {
    expect(await info(w.admin, w.org.root.id)).toMatchObject({ restrictedCount: 2, openIncidentCount: 1 });
    expect(await info(w.manager, w.org.division.id)).toMatchObject({
      restrictedCount: 2,
      openIncidentCount: 1,
    });
    // The manager may not read the incident itself: counts, not contents.
    expect((await get(w.manager, `/api/app/incident/${incidentId}/incident`)).statusCode).toBe(404);
    expect(await info(w.otherAdmin, w.other.root.id)).toMatchObject({
      restrictedCount: 0,
      openIncidentCount: 0,
    });
  });

  it('lifting a condition and closing the incident bring the counts down', async () => {
    const lifted = await w.t.app.inject({
      method: 'POST',
      url: `/api/app/profile/${w.child.profileId}/condition-update`,
      headers: w.director.auth,
      payload: { conditionId: supervisedId, lift: true, note: 'Reviewed with the coach.' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    const closed = await w.t.app.inject({
      method: 'PUT',
      url: `/api/app/incident/${incidentId}/incident`,
      headers: w.admin.auth,
      payload: { status: 'Closed', note: 'Handled.' },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await info(w.admin, w.org.root.id)).toMatchObject({ restrictedCount: 1, openIncidentCount: 0 });
    const restricted = await members(w.admin, w.org.root.id, '&restricted=true');
    expect(restricted.items.map((r) => r.profileId)).toEqual([w.player.profileId]);
    expect(rowOf((await members(w.admin, w.org.root.id)).items, w.child)!.notClearedReasons).toEqual([]);
  });
});
