import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages } from '@touchline/contracts/invitations';
import { directMembersResponseSchema, labelsResponseSchema } from '@touchline/contracts/member-admin';
import { ActiveStatus } from '@touchline/contracts/members';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
  createTestSuite,
} from '../../../test/factories.ts';
import { auditEvents, invitations, profileLevelAccesses } from '../../db/schema/index.ts';
import { lastAdminMessage } from './members.service.ts';

describe('managing members', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let teamManager: TestMember;
  let player: TestMember;
  let outsider: TestMember;

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, teamManager, player, outsider },
    } = await createTestSuite({
      admin: ['root', 'Admin'],
      teamManager: ['team', 'Manager'],
      player: ['team', 'member', { lastName: 'Aaronson' }],
      outsider: ['team', 'member', { in: 'other' }],
    }));
  });
  afterAll(() => t.close());

  const accessOf = async (id: string) =>
    (await t.database.db.select().from(profileLevelAccesses).where(eq(profileLevelAccesses.id, id)))[0];

  describe('GET /api/app/hierarchy-level/{id}/direct-members', () => {
    const list = (auth: { authorization: string }, levelId: string, query = '') =>
      t.app.inject({ url: `/api/app/hierarchy-level/${levelId}/direct-members${query}`, headers: auth });

    it('guards: 401, 404 another organization, 403 a plain member, 400 a bad page', async () => {
      expect((await list({ authorization: '' }, org.team.id)).statusCode).toBe(401);
      expect((await list(admin.auth, other.team.id)).statusCode).toBe(404);
      expect((await list(player.auth, org.team.id)).statusCode).toBe(403);
      expect((await list(teamManager.auth, org.division.id)).statusCode).toBe(403);
      expect((await list(admin.auth, org.team.id, '?perPage=1000')).statusCode).toBe(400);
    });

    it('lists the members at exactly this level, by name, with their invitation and allowed actions', async () => {
      const res = await list(teamManager.auth, org.team.id, '?page=1&perPage=10');
      expect(res.statusCode).toBe(200);
      const body = directMembersResponseSchema.parse(res.json());
      expect(body.level).toEqual({ id: org.team.id, name: 'Team' });
      expect(body.totalCount).toBe(2);
      expect(body.items.map((m) => m.profileLevelAccessId)).toEqual([
        player.profileLevelAccessId,
        teamManager.profileLevelAccessId,
      ]);
      const [first, second] = body.items;
      expect(first).toMatchObject({
        email: player.email,
        roleLabel: 'Player',
        invitation: { state: 'none', sentCount: 0 },
        allowedActions: ['setGroupMembershipStatus', 'changeRole', 'archive'],
      });
      // A Manager cannot change or archive a role-carrying label (their own Manager access included).
      expect(second?.allowedActions).toEqual(['setGroupMembershipStatus']);
      const paged = directMembersResponseSchema.parse(
        (await list(admin.auth, org.team.id, '?page=2&perPage=1')).json(),
      );
      expect(paged.items.map((m) => m.profileLevelAccessId)).toEqual([teamManager.profileLevelAccessId]);
    });

    it('with includeBelow, lists the members of every level below too, each with its level (issue 18 item 12)', async () => {
      expect((await list(admin.auth, org.root.id, '?includeBelow=maybe')).statusCode).toBe(400);
      expect((await list({ authorization: '' }, org.root.id, '?includeBelow=true')).statusCode).toBe(401);
      expect((await list(admin.auth, other.root.id, '?includeBelow=true')).statusCode).toBe(404);
      expect((await list(teamManager.auth, org.division.id, '?includeBelow=true')).statusCode).toBe(403);
      const direct = directMembersResponseSchema.parse((await list(admin.auth, org.root.id)).json());
      expect(direct.items.map((m) => m.profileLevelAccessId)).toEqual([admin.profileLevelAccessId]);
      const res = await list(admin.auth, org.root.id, '?includeBelow=true&perPage=50');
      expect(res.statusCode, res.body).toBe(200);
      const body = directMembersResponseSchema.parse(res.json());
      expect(body.totalCount).toBe(3);
      expect(body.items.map((m) => [m.profileLevelAccessId, m.levelName])).toEqual([
        [player.profileLevelAccessId, 'Team'],
        [admin.profileLevelAccessId, org.root.name],
        [teamManager.profileLevelAccessId, 'Team'],
      ]);
      // Another organization's members never appear, and each row's actions follow its own level.
      expect(body.items.some((m) => m.profileLevelAccessId === outsider.profileLevelAccessId)).toBe(false);
      expect(body.items[0]?.hierarchyLevelId).toBe(org.team.id);
      const asManager = directMembersResponseSchema.parse(
        (await list(teamManager.auth, org.team.id, '?includeBelow=true')).json(),
      );
      expect(
        asManager.items.find((m) => m.profileLevelAccessId === player.profileLevelAccessId)?.allowedActions,
      ).toEqual(['setGroupMembershipStatus', 'changeRole', 'archive']);
    });
  });

  describe('GET /api/app/labels', () => {
    it('lists the organization’s labels, saying which the actor may give at a level', async () => {
      expect((await t.app.inject({ url: '/api/app/labels' })).statusCode).toBe(401);
      const other404 = await t.app.inject({
        url: `/api/app/labels?hierarchyLevelId=${other.team.id}`,
        headers: admin.auth,
      });
      expect(other404.statusCode).toBe(404);
      const res = await t.app.inject({
        url: `/api/app/labels?hierarchyLevelId=${org.team.id}`,
        headers: teamManager.auth,
      });
      const { items } = labelsResponseSchema.parse(res.json());
      expect(items[0]).toMatchObject({ name: 'Player', isDefault: true, assignable: true });
      expect(items.filter((l) => l.assignable).map((l) => l.name)).toEqual(['Player']);
      const asAdmin = labelsResponseSchema.parse(
        (await t.app.inject({ url: '/api/app/labels', headers: admin.auth })).json(),
      );
      expect(asAdmin.items.every((l) => l.assignable)).toBe(true);
    });
  });

  describe('POST /api/app/profile/change-role', () => {
    const changeRole = (auth: { authorization: string }, accessId: string, labelId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/app/profile/change-role?profileLevelAccessId=${accessId}&newLabelId=${labelId}`,
        headers: auth,
      });

    it('guards: 401, 404 another organization, 403 role too low, 400 bad ids', async () => {
      const target = await addTestMember(t, org, org.team, 'member', { signedUp: false });
      expect(
        (await changeRole({ authorization: '' }, target.profileLevelAccessId, org.labelIds.Manager))
          .statusCode,
      ).toBe(401);
      expect(
        (await changeRole(admin.auth, outsider.profileLevelAccessId, org.labelIds.member)).statusCode,
      ).toBe(404);
      expect(
        (await changeRole(admin.auth, target.profileLevelAccessId, other.labelIds.member)).statusCode,
      ).toBe(404);
      expect(
        (await changeRole(player.auth, target.profileLevelAccessId, org.labelIds.member)).statusCode,
      ).toBe(403);
      const upgrade = await changeRole(teamManager.auth, target.profileLevelAccessId, org.labelIds.Admin);
      expect(upgrade.statusCode).toBe(403);
      expect(upgrade.json().error.message).toBe(invitationMessages.roleNeedsAdmin);
      expect((await changeRole(admin.auth, 'nope', org.labelIds.member)).statusCode).toBe(400);
      expect((await accessOf(target.profileLevelAccessId))?.labelId).toBe(org.labelIds.member);
    });

    it('gives the member another label, audited; the new role applies at once', async () => {
      const target = await addTestMember(t, org, org.team, 'member');
      expect(
        (await changeRole(admin.auth, target.profileLevelAccessId, org.labelIds.Manager)).statusCode,
      ).toBe(204);
      expect((await accessOf(target.profileLevelAccessId))?.labelId).toBe(org.labelIds.Manager);
      const listed = await t.app.inject({
        url: `/api/app/hierarchy-level/${org.team.id}/direct-members`,
        headers: target.auth,
      });
      expect(listed.statusCode).toBe(200);
      const [event] = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.entityId, target.profileLevelAccessId));
      expect(event).toMatchObject({ action: 'member.role_changed', actorUserId: admin.userId });
    });

    it('never takes the Admin role from the last Admin at the top level', async () => {
      const solo = await createTestOrganization(t);
      const onlyAdmin = await addTestMember(t, solo, solo.root, 'Admin');
      const res = await changeRole(onlyAdmin.auth, onlyAdmin.profileLevelAccessId, solo.labelIds.member);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(lastAdminMessage);
      await addTestMember(t, solo, solo.root, 'Admin');
      expect(
        (await changeRole(onlyAdmin.auth, onlyAdmin.profileLevelAccessId, solo.labelIds.member)).statusCode,
      ).toBe(204);
    });
  });

  describe('DELETE /api/app/profile/profile-level-access/{id}', () => {
    const archive = (auth: { authorization: string }, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/app/profile/profile-level-access/${id}`, headers: auth });

    it('guards: 401, 404 another organization, 403 role too low, 400 bad id', async () => {
      const target = await addTestMember(t, org, org.team, 'Director', { signedUp: false });
      expect((await archive({ authorization: '' }, target.profileLevelAccessId)).statusCode).toBe(401);
      expect((await archive(admin.auth, outsider.profileLevelAccessId)).statusCode).toBe(404);
      expect((await archive(player.auth, target.profileLevelAccessId)).statusCode).toBe(403);
      expect((await archive(teamManager.auth, target.profileLevelAccessId)).statusCode).toBe(403);
      expect((await archive(admin.auth, 'nope')).statusCode).toBe(400);
      expect((await accessOf(target.profileLevelAccessId))?.deletedAt).toBeNull();
    });

    it('archives (history kept), revokes the invitation, and refuses the last top-level Admin', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/invitation',
        headers: teamManager.auth,
        payload: {
          email: `archive-me-${Date.now()}@example.org`,
          firstName: 'Ari',
          lastName: 'Chive',
          hierarchyLevelId: org.team.id,
          labelId: org.labelIds.member,
        },
      });
      const { profileLevelAccessId } = res.json() as { profileLevelAccessId: string };
      expect((await archive(teamManager.auth, profileLevelAccessId)).statusCode).toBe(204);
      const archived = await accessOf(profileLevelAccessId);
      expect(archived?.deletedAt).not.toBeNull();
      expect(archived?.archivedByUserId).toBe(teamManager.userId);
      const [invitation] = await t.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.profileLevelAccessId, profileLevelAccessId));
      expect(invitation?.revokedAt).not.toBeNull();
      expect((await archive(teamManager.auth, profileLevelAccessId)).statusCode).toBe(404);

      const solo = await createTestOrganization(t);
      const onlyAdmin = await addTestMember(t, solo, solo.root, 'Admin');
      expect((await archive(onlyAdmin.auth, onlyAdmin.profileLevelAccessId)).statusCode).toBe(409);
    });
  });

  describe('POST /api/app/profile/set-group-membership-status-bulk', () => {
    const bulk = (auth: { authorization: string }, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/app/profile/set-group-membership-status-bulk',
        headers: auth,
        payload,
      });
    const statuses = async (ids: string[]) =>
      (
        await t.database.db
          .select({ status: profileLevelAccesses.groupMembershipStatus })
          .from(profileLevelAccesses)
          .where(inArray(profileLevelAccesses.id, ids))
      ).map((r) => r.status);

    it('changes all or nothing: 401, 404 when one is another organization’s, 403 when one is out of reach, 400', async () => {
      const a = await addTestMember(t, org, org.team, 'member', { signedUp: false });
      const b = await addTestMember(t, org, org.division, 'member', { signedUp: false });
      const ids = [a.profileLevelAccessId, b.profileLevelAccessId];
      const inactive = { groupMembershipStatus: ActiveStatus.Inactive };
      expect(
        (await bulk({ authorization: '' }, { profileLevelAccessIds: ids, ...inactive })).statusCode,
      ).toBe(401);
      expect(
        (
          await bulk(admin.auth, {
            profileLevelAccessIds: [...ids, outsider.profileLevelAccessId],
            ...inactive,
          })
        ).statusCode,
      ).toBe(404);
      const forbidden = await bulk(teamManager.auth, { profileLevelAccessIds: ids, ...inactive });
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json().error.message).toContain('nothing was changed');
      expect((await bulk(admin.auth, { profileLevelAccessIds: [], ...inactive })).statusCode).toBe(400);
      expect(
        (await bulk(admin.auth, { profileLevelAccessIds: ids, groupMembershipStatus: 7 })).statusCode,
      ).toBe(400);
      expect(await statuses(ids)).toEqual([ActiveStatus.Active, ActiveStatus.Active]);

      expect((await bulk(admin.auth, { profileLevelAccessIds: ids, ...inactive })).statusCode).toBe(204);
      expect(await statuses(ids)).toEqual([ActiveStatus.Inactive, ActiveStatus.Inactive]);
      const [event] = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'members.group_membership_status_set'));
      expect(event?.data).toEqual({
        profileLevelAccessIds: ids,
        groupMembershipStatus: ActiveStatus.Inactive,
      });
    });
  });
});
