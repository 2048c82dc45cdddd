import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardInfoSchema,
  dashboardMembersResponseSchema,
  navigationSearchResponseSchema,
} from '@touchline/contracts/dashboard';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestApp } from '../../../test/app.ts';
import {
  createTestSuite,
  validationFields,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { addTestDefinitions, levelsUrl, seedDashboardMember } from './dashboard-test-kit.ts';
import { cursorBothMessage, cursorInvalidMessage, cursorOtherOrderMessage } from './dashboard.cursor.ts';

describe('the dashboard calls', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let teamManager: TestMember;
  let player: TestMember;
  let zoe: { profileLevelAccessId: string };
  let definitions: { id: string; name: string }[];

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, teamManager, player },
    } = await createTestSuite({
      admin: ['root', 'Admin', { firstName: 'Ada', lastName: 'Root' }],
      teamManager: ['team', 'Manager', { firstName: 'Max', lastName: 'Coach' }],
      player: ['team', 'member', { firstName: 'Pia', lastName: 'Player' }],
    }));
    definitions = await addTestDefinitions(t, org, ['Waiver', 'Concussion video']);
    const [waiver, video] = definitions as unknown as [{ id: string }, { id: string }];
    zoe = await seedDashboardMember(t, org, {
      firstName: 'Zoë',
      lastName: 'Émile',
      email: 'zoe@club.test',
      level: org.team,
      role: 'member',
      overallStatus: MemberOverallStatus.NotActivated,
      groupMembershipStatus: ActiveStatus.Active,
      requirements: [
        { definitionId: waiver.id, status: RequirementStatus.Overdue, active: true, updatedAt: new Date() },
        { definitionId: video.id, status: RequirementStatus.Completed, active: false, updatedAt: new Date() },
      ],
    });
  });
  afterAll(() => t.close());

  const get = (who: TestMember | null, url: string) => t.app.inject({ url, headers: who ? who.auth : {} });

  describe.each(['members', 'dashboard-info'])('GET …/%s permission matrix', (call) => {
    it('401 anonymous, 404 another organization, 403 role too low, 400 bad input', async () => {
      expect((await get(null, `${levelsUrl}/${org.team.id}/${call}`)).statusCode).toBe(401);
      expect((await get(admin, `${levelsUrl}/${other.root.id}/${call}`)).statusCode).toBe(404);
      expect((await get(player, `${levelsUrl}/${org.team.id}/${call}`)).statusCode).toBe(403);
      // A team Manager manages the team, not the division above it.
      expect((await get(teamManager, `${levelsUrl}/${org.division.id}/${call}`)).statusCode).toBe(403);
      expect((await get(admin, `${levelsUrl}/not-a-level/${call}`)).statusCode).toBe(400);
      const bad = await get(admin, `${levelsUrl}/${org.root.id}/${call}?labels=x&groupMembershipStatus=7`);
      expect(bad.statusCode).toBe(400);
      expect(validationFields(bad)).toEqual(expect.arrayContaining(['groupMembershipStatus']));
      expect((await get(teamManager, `${levelsUrl}/${org.team.id}/${call}`)).statusCode).toBe(200);
    });
  });

  it('400 on a bad page, sort or status', async () => {
    const url = `${levelsUrl}/${org.root.id}/members`;
    for (const query of ['?perPage=101', '?page=0', '?sortCol=Shoe', '?sortDir=UP', '?requirementStatuses=9'])
      expect((await get(admin, `${url}${query}`)).statusCode, query).toBe(400);
  });

  it('400 on a cursor it did not give, of another order, or both cursors at once; 200 on its own', async () => {
    const url = `${levelsUrl}/${org.root.id}/members`;
    const first = dashboardMembersResponseSchema.parse((await get(admin, `${url}?perPage=2`)).json());
    expect(first).toMatchObject({ positionIsEstimate: false, previousCursor: null });
    const cursor = first.nextCursor!;
    expect(cursor).toEqual(expect.any(String));
    const fieldMessage = async (query: string) => {
      const res = await get(admin, `${url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      return (res.json() as { error: { validationErrors: { field: string; message: string }[] } }).error
        .validationErrors[0];
    };
    expect(await fieldMessage(`after=${cursor}&before=${cursor}`)).toMatchObject({
      field: 'before',
      message: cursorBothMessage,
    });
    expect(await fieldMessage('after=not-a-cursor')).toMatchObject({
      field: 'after',
      message: cursorInvalidMessage,
    });
    const forged = Buffer.from(JSON.stringify({ s: 'FullName', d: 'ASC', k: ["x'; drop", 'not-a-uuid'] }));
    expect(await fieldMessage(`before=${forged.toString('base64url')}`)).toMatchObject({
      field: 'before',
      message: cursorInvalidMessage,
    });
    expect(await fieldMessage(`after=${cursor}&sortDir=DESC`)).toMatchObject({
      field: 'after',
      message: cursorOtherOrderMessage,
    });
    const second = dashboardMembersResponseSchema.parse(
      (await get(admin, `${url}?perPage=2&page=2&after=${cursor}`)).json(),
    );
    expect(second.items.map((m) => m.lastName)).toEqual(['Player', 'Root']);
    expect(second).toMatchObject({ page: 2, nextCursor: null });
    const back = dashboardMembersResponseSchema.parse(
      (await get(admin, `${url}?perPage=2&page=1&before=${second.previousCursor}`)).json(),
    );
    expect(back.items.map((m) => m.lastName)).toEqual(['Coach', 'Émile']);
    expect(back.previousCursor).toBeNull();
  });

  it('lists the subtree by full name with level, role, statuses and only active requirements', async () => {
    const res = await get(admin, `${levelsUrl}/${org.root.id}/members`);
    expect(res.statusCode).toBe(200);
    const body = dashboardMembersResponseSchema.parse(res.json());
    expect(body).toMatchObject({ totalCount: 4, totalCountIsEstimate: false, page: 1, perPage: 25 });
    expect(body.items.map((m) => m.lastName)).toEqual(['Coach', 'Émile', 'Player', 'Root']);
    const row = body.items.find((m) => m.profileLevelAccessId === zoe.profileLevelAccessId);
    expect(row).toMatchObject({
      firstName: 'Zoë',
      levelName: 'Team',
      roleLabel: 'Player',
      overallStatus: MemberOverallStatus.NotActivated,
      requirements: [{ definitionId: definitions[0]?.id, status: RequirementStatus.Overdue }],
    });
    expect(row?.allowedActions).toContain('setGroupMembershipStatus');
    expect(body.requirements).toEqual([{ id: definitions[0]?.id, name: 'Waiver', type: 0 }]);
  });

  it('filters by accent- and case-insensitive search, status, label and group membership', async () => {
    const list = async (query: string) =>
      dashboardMembersResponseSchema
        .parse((await get(teamManager, `${levelsUrl}/${org.team.id}/members${query}`)).json())
        .items.map((m) => m.firstName);
    expect(await list('?search=ZOE')).toEqual(['Zoë']);
    expect(await list('?search=emile%20x')).toEqual([]);
    expect(await list('?search=club.test')).toEqual(['Zoë']);
    expect(await list(`?requirementStatuses=${RequirementStatus.Overdue}`)).toEqual(['Zoë']);
    expect(await list(`?requirementStatuses=${RequirementStatus.Completed}`)).toEqual([]);
    expect(await list(`?labels=${org.labelIds.Manager}`)).toEqual(['Max']);
    expect(await list(`?overallStatuses=${MemberOverallStatus.NotActivated}`)).toEqual(['Zoë']);
    expect(await list('?groupMembershipStatus=1')).toEqual([]);
    expect(await list('?sortCol=Email&sortDir=DESC&perPage=1&page=3')).toEqual(['Max']);
  });

  it('counts the subtree by overall and requirement status', async () => {
    const res = await get(teamManager, `${levelsUrl}/${org.team.id}/dashboard-info`);
    const info = dashboardInfoSchema.parse(res.json());
    expect(info.level).toEqual({ id: org.team.id, name: 'Team' });
    expect(info.totalCount).toBe(3);
    expect(info.overallStatusCounts).toHaveLength(7);
    expect(info.overallStatusCounts.find((c) => c.status === MemberOverallStatus.NotActivated)?.count).toBe(
      1,
    );
    expect(info.requirementStatusCounts).toHaveLength(9);
    expect(info.requirementStatusCounts.filter((c) => c.count > 0)).toEqual([
      { status: RequirementStatus.Overdue, count: 1 },
    ]);
  });

  describe('GET /api/app/hierarchy-level/search (the navigation search)', () => {
    const search = (who: TestMember | null, q: string) =>
      get(who, `${levelsUrl}/search?q=${encodeURIComponent(q)}`);

    it('401 anonymous, 400 too short; levels and members of the reachable tree only, keyed as searchResults', async () => {
      expect((await search(null, 'zoe')).statusCode).toBe(401);
      expect((await search(admin, 'z')).statusCode).toBe(400);
      const found = navigationSearchResponseSchema.parse((await search(admin, 'ZOE')).json());
      expect(Object.keys(found.userList)).toEqual([zoe.profileLevelAccessId]);
      expect(found.userList[zoe.profileLevelAccessId]).toMatchObject({ firstName: 'Zoë', levelName: 'Team' });
      const levels = navigationSearchResponseSchema.parse((await search(teamManager, 'tea')).json());
      expect(Object.values(levels.nodes)).toEqual([
        { id: org.team.id, name: 'Team', parentName: 'Division' },
      ]);
      // The team Manager does not reach the division; a plain member reaches nothing; another organization is unseen.
      expect(
        Object.keys(navigationSearchResponseSchema.parse((await search(teamManager, 'divi')).json()).nodes),
      ).toEqual([]);
      expect(navigationSearchResponseSchema.parse((await search(player, 'zoe')).json())).toEqual({
        nodes: {},
        userList: {},
      });
      const otherOrg = navigationSearchResponseSchema.parse((await search(admin, other.name)).json());
      expect(otherOrg.nodes).toEqual({});
    });
  });
});
