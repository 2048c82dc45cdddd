import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelNavigationSchema } from '@touchline/contracts/hierarchy';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestLevel,
  addTestMember,
  type TestLevel,
  type TestMember,
  type TestOrganization,
  createTestSuite,
} from '../../../test/factories.ts';
import { hierarchyLevels, profileLevelAccesses } from '../../db/schema/index.ts';
import { callAs, levelsUrl } from './hierarchy-test-kit.ts';

const nav = (id: string) => `${levelsUrl}/${id}/navigation`;

describe('GET /api/app/hierarchy-level/{id}/navigation', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let teamB: TestLevel;
  let squad: TestLevel;
  let admin: TestMember;
  let manager: TestMember;
  let player: TestMember;
  let otherAdmin: TestMember;

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, manager, player, otherAdmin },
    } = await createTestSuite({
      admin: ['root', 'Admin'],
      manager: ['team', 'Manager'],
      player: ['team', 'member'],
      otherAdmin: ['root', 'Admin', { in: 'other' }],
    }));
    teamB = await addTestLevel(t, org.id, 'Alpha Team', org.division);
    squad = await addTestLevel(t, org.id, 'Squad', org.team);
    await addTestMember(t, org, squad, 'member', { signedUp: false });
    await addTestMember(t, org, teamB, 'member', { signedUp: false });
    const archived = await addTestMember(t, org, teamB, 'member', { signedUp: false });
    await t.database.db
      .update(profileLevelAccesses)
      .set({ deletedAt: new Date() })
      .where(eq(profileLevelAccesses.id, archived.profileLevelAccessId));
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    expect((await callAs(t, null).get(nav(org.root.id))).statusCode).toBe(401);
  });

  it('answers 404 for a level of another organization, a deleted level and an unknown id', async () => {
    expect((await callAs(t, admin).get(nav(other.root.id))).statusCode).toBe(404);
    expect((await callAs(t, otherAdmin).get(nav(org.team.id))).statusCode).toBe(404);
    const gone = await addTestLevel(t, org.id, 'Gone', org.root);
    await t.database.db
      .update(hierarchyLevels)
      .set({ deletedAt: new Date() })
      .where(eq(hierarchyLevels.id, gone.id));
    expect((await callAs(t, admin).get(nav(gone.id))).statusCode).toBe(404);
    expect((await callAs(t, admin).get(nav(crypto.randomUUID()))).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not one', async () => {
    const res = await callAs(t, admin).get(nav('not-a-uuid'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.validationErrors[0]).toMatchObject({ field: 'id', in: 'params' });
  });

  it('answers 403 for a level beside the actor’s own (neither above nor below it)', async () => {
    expect((await callAs(t, player).get(nav(teamB.id))).statusCode).toBe(403);
    expect((await callAs(t, manager).get(nav(teamB.id))).statusCode).toBe(403);
  });

  it('gives an admin the level, its ordered children with subtree counts, and every allowed action', async () => {
    const res = await callAs(t, admin).get(nav(org.division.id));
    expect(res.statusCode).toBe(200);
    const body = levelNavigationSchema.parse(res.json());
    expect(body.level).toMatchObject({ id: org.division.id, name: 'Division', depth: 1, childCount: 2 });
    // Team: the manager and the player at it, and one member at its squad; the archived access is not counted.
    expect(body.level.memberCount).toBe(4);
    expect(body.ancestors.map((a) => a.id)).toEqual([org.root.id]);
    expect(body.children.map((c) => [c.name, c.childCount, c.memberCount])).toEqual([
      ['Alpha Team', 0, 1],
      ['Team', 1, 3],
    ]);
    expect(body.actorRole).toBe('Admin');
    expect(body.allowedActions).toEqual({
      createChild: true,
      rename: true,
      move: true,
      delete: true,
      reorder: true,
    });
    expect(JSON.stringify(body)).not.toContain('/');
  });

  it('orders children by their sort order before their name', async () => {
    await t.database.db.update(hierarchyLevels).set({ sortOrder: 5 }).where(eq(hierarchyLevels.id, teamB.id));
    const body = levelNavigationSchema.parse((await callAs(t, admin).get(nav(org.division.id))).json());
    expect(body.children.map((c) => c.name)).toEqual(['Team', 'Alpha Team']);
    await t.database.db.update(hierarchyLevels).set({ sortOrder: 0 }).where(eq(hierarchyLevels.id, teamB.id));
  });

  it('never lets anyone move or delete the top level, and gives the breadcrumb from the top', async () => {
    const root = levelNavigationSchema.parse((await callAs(t, admin).get(nav(org.root.id))).json());
    expect(root.allowedActions).toMatchObject({
      createChild: true,
      rename: true,
      move: false,
      delete: false,
    });
    expect(root.level.memberCount).toBe(5);
    const deep = levelNavigationSchema.parse((await callAs(t, admin).get(nav(squad.id))).json());
    expect(deep.ancestors.map((a) => a.name)).toEqual([org.root.name, 'Division', 'Team']);
  });

  it('shows a plain member only the way down to their own level, without counts or actions', async () => {
    const root = levelNavigationSchema.parse((await callAs(t, player).get(nav(org.root.id))).json());
    expect(root.children.map((c) => [c.name, c.childCount, c.memberCount])).toEqual([['Division', 1, null]]);
    expect(root.level.memberCount).toBeNull();
    expect(root.actorRole).toBeNull();
    expect(Object.values(root.allowedActions).every((allowed) => !allowed)).toBe(true);
    const own = levelNavigationSchema.parse((await callAs(t, player).get(nav(org.team.id))).json());
    expect(own.children).toEqual([]);
    expect(own.level.childCount).toBe(0);
  });

  it('shows a manager everything below their own level, and only the way to it above', async () => {
    const division = levelNavigationSchema.parse((await callAs(t, manager).get(nav(org.division.id))).json());
    expect(division.children.map((c) => [c.name, c.childCount, c.memberCount])).toEqual([['Team', 1, 3]]);
    expect(division.level.memberCount).toBeNull();
    const team = levelNavigationSchema.parse((await callAs(t, manager).get(nav(org.team.id))).json());
    expect(team.children.map((c) => [c.name, c.memberCount])).toEqual([['Squad', 1]]);
    expect(team.actorRole).toBe('Manager');
    expect(team.allowedActions.createChild).toBe(false);
  });
});
