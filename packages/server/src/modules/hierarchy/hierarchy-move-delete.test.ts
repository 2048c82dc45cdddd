import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  childOrderMismatchMessage,
  duplicateLevelNameMessage,
  levelNavigationSchema,
  membersRemainMessage,
  moveTargetsResponseSchema,
} from '@touchline/contracts/hierarchy';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestLevel,
  addTestMember,
  type TestLevel,
  type TestMember,
  type TestOrganization,
  createTestSuite,
} from '../../../test/factories.ts';
import { auditActionsOf, callAs, levelsUrl, storedLevel } from './hierarchy-test-kit.ts';

describe('moving, ordering and deleting levels', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let west: TestLevel;
  let squad: TestLevel;
  let admin: TestMember;
  let divisionAdmin: TestMember;
  let director: TestMember;

  const move = (who: TestMember | null, id: string, parentId: string) =>
    callAs(t, who).post(`${levelsUrl}/${id}/move`, { parentId });

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, divisionAdmin, director },
    } = await createTestSuite({
      admin: ['root', 'Admin'],
      divisionAdmin: ['division', 'Admin'],
      director: ['root', 'Director'],
    }));
    west = await addTestLevel(t, org.id, 'West', org.root);
    squad = await addTestLevel(t, org.id, 'Squad', org.team);
  });
  afterAll(() => t.close());

  describe('POST /api/app/hierarchy-level/{id}/move', () => {
    it('answers 401 without a token', async () => {
      expect((await move(null, org.team.id, west.id)).statusCode).toBe(401);
    });

    it('answers 404 for a level or a new parent of another organization', async () => {
      expect((await move(admin, other.team.id, org.root.id)).statusCode).toBe(404);
      expect((await move(admin, org.team.id, other.root.id)).statusCode).toBe(404);
      expect((await storedLevel(t, org.team.id)).parentId).toBe(org.division.id);
    });

    it('answers 403 without admin level at the level and at the new parent', async () => {
      expect((await move(director, org.team.id, west.id)).statusCode).toBe(403);
      expect((await move(divisionAdmin, org.team.id, west.id)).statusCode).toBe(403);
      expect((await storedLevel(t, org.team.id)).parentId).toBe(org.division.id);
    });

    it('answers 400 for a parent that is not an id, or one with a child of the same name', async () => {
      expect((await move(admin, org.team.id, 'west')).statusCode).toBe(400);
      const twin = await addTestLevel(t, org.id, 'TEAM', west);
      const res = await move(admin, org.team.id, west.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors).toEqual([
        { field: 'parentId', in: 'body', message: duplicateLevelNameMessage },
      ]);
      await callAs(t, admin).delete(`${levelsUrl}/${twin.id}`);
    });

    it('refuses (409) to move the top level, or a level into itself or below itself', async () => {
      const root = await move(admin, org.root.id, west.id);
      expect(root.statusCode).toBe(409);
      expect(root.json().error.message).toBe('The top level of an organization cannot be moved');
      for (const target of [org.division.id, org.team.id, squad.id]) {
        const res = await move(admin, org.division.id, target);
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe('A level cannot be moved into itself or into a level below it');
      }
      expect((await storedLevel(t, org.division.id)).parentId).toBe(org.root.id);
    });

    it('moves the level with its subtree, rewriting paths and depths, and audits it', async () => {
      const res = await move(admin, org.division.id, west.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: org.division.id, parentId: west.id, depth: 2 });
      const division = await storedLevel(t, org.division.id);
      expect(division.path).toBe(`${west.path}${org.division.id}/`);
      const team = await storedLevel(t, org.team.id);
      expect([team.path, team.depth]).toEqual([`${division.path}${org.team.id}/`, 3]);
      const deep = await storedLevel(t, squad.id);
      expect([deep.path, deep.depth]).toEqual([`${team.path}${squad.id}/`, 4]);
      expect(await auditActionsOf(t, org.id, org.division.id)).toEqual(['level.moved']);
      // The division's admin keeps their role at the moved level: roles follow the paths.
      const nav = await callAs(t, divisionAdmin).get(`${levelsUrl}/${org.team.id}/navigation`);
      expect(levelNavigationSchema.parse(nav.json()).ancestors.map((a) => a.name)).toEqual([
        org.root.name,
        'West',
        'Division',
      ]);
      expect((await move(admin, org.division.id, org.root.id)).statusCode).toBe(200);
      expect((await storedLevel(t, org.team.id)).depth).toBe(2);
    });

    it('lists where a level may go: never its own subtree nor its current parent', async () => {
      const res = await callAs(t, admin).get(`${levelsUrl}/${org.team.id}/move-targets`);
      expect(res.statusCode).toBe(200);
      const { items } = moveTargetsResponseSchema.parse(res.json());
      expect(items.map((i) => i.name)).toEqual([org.root.name, 'West']);
      expect(items[1]?.pathNames).toEqual([org.root.name, 'West']);
      expect((await callAs(t, director).get(`${levelsUrl}/${org.team.id}/move-targets`)).statusCode).toBe(
        403,
      );
    });
  });

  describe('PUT /api/app/hierarchy-level/{id}/order', () => {
    const order = (who: TestMember | null, childIds: string[]) =>
      callAs(t, who).put(`${levelsUrl}/${org.root.id}/order`, { childIds });
    const childNames = async () =>
      levelNavigationSchema
        .parse((await callAs(t, admin).get(`${levelsUrl}/${org.root.id}/navigation`)).json())
        .children.map((c) => c.name);

    it('answers 401, 404, 403 and 400 as the matrix says', async () => {
      expect((await order(null, [west.id, org.division.id])).statusCode).toBe(401);
      const foreign = await callAs(t, admin).put(`${levelsUrl}/${other.root.id}/order`, {
        childIds: [other.division.id],
      });
      expect(foreign.statusCode).toBe(404);
      expect((await order(director, [west.id, org.division.id])).statusCode).toBe(403);
      for (const childIds of [[west.id], [west.id, west.id], [west.id, org.team.id], ['x']]) {
        const res = await order(admin, childIds);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.validationErrors[0].field).toMatch(/^childIds/);
      }
      const mismatch = await order(admin, [west.id]);
      expect(mismatch.json().error.validationErrors[0].message).toBe(childOrderMismatchMessage);
      expect(await childNames()).toEqual(['West', 'Division']);
    });

    it('puts the children in the order given', async () => {
      const res = await order(admin, [org.division.id, west.id]);
      expect(res.statusCode).toBe(204);
      expect(await childNames()).toEqual(['Division', 'West']);
      expect(await auditActionsOf(t, org.id, org.root.id)).toEqual(['level.reordered']);
    });
  });

  describe('DELETE /api/app/hierarchy-level/{id}', () => {
    const remove = (who: TestMember | null, id: string) => callAs(t, who).delete(`${levelsUrl}/${id}`);

    it('answers 401 without a token, and 404 for a level of another organization', async () => {
      expect((await remove(null, west.id)).statusCode).toBe(401);
      expect((await remove(admin, other.division.id)).statusCode).toBe(404);
      expect((await storedLevel(t, other.division.id)).deletedAt).toBeNull();
    });

    it('answers 403 below admin level (a director cannot delete)', async () => {
      expect((await remove(director, west.id)).statusCode).toBe(403);
      expect((await storedLevel(t, west.id)).deletedAt).toBeNull();
    });

    it('refuses (409) the top level, and a level while members remain below it, saying how many', async () => {
      const root = await remove(admin, org.root.id);
      expect(root.statusCode).toBe(409);
      expect(root.json().error.message).toBe('The top level of an organization cannot be deleted');
      await addTestMember(t, org, squad, 'member', { signedUp: false });
      const res = await remove(admin, org.division.id);
      expect(res.statusCode).toBe(409);
      // The division admin and the squad's player remain.
      expect(res.json().error.message).toBe(membersRemainMessage(2));
      expect(membersRemainMessage(1)).toContain('1 member remains');
      expect((await storedLevel(t, squad.id)).deletedAt).toBeNull();
    });

    it('soft-deletes an empty level with its whole subtree, and audits it', async () => {
      const empty = await addTestLevel(t, org.id, 'Empty', west);
      const below = await addTestLevel(t, org.id, 'Below', empty);
      const res = await remove(admin, empty.id);
      expect(res.statusCode).toBe(204);
      expect((await storedLevel(t, empty.id)).deletedAt).not.toBeNull();
      expect((await storedLevel(t, below.id)).deletedAt).not.toBeNull();
      expect((await storedLevel(t, west.id)).deletedAt).toBeNull();
      expect(await auditActionsOf(t, org.id, empty.id)).toEqual(['level.deleted']);
      expect((await callAs(t, admin).get(`${levelsUrl}/${below.id}/navigation`)).statusCode).toBe(404);
      expect((await remove(admin, empty.id)).statusCode).toBe(404);
    });
  });
});
