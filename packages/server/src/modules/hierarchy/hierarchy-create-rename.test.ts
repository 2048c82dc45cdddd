import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duplicateLevelNameMessage, levelSchema } from '@touchline/contracts/hierarchy';
import type { TestApp } from '../../../test/app.ts';
import { type TestMember, type TestOrganization, createTestSuite } from '../../../test/factories.ts';
import { hierarchyLevels, organizations } from '../../db/schema/index.ts';
import { auditActionsOf, callAs, levelsUrl, storedLevel } from './hierarchy-test-kit.ts';

describe('creating and renaming levels', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let director: TestMember;
  let manager: TestMember;
  let divisionAdmin: TestMember;

  const childrenOf = async (parentId: string) =>
    t.database.db
      .select({ name: hierarchyLevels.name })
      .from(hierarchyLevels)
      .where(and(eq(hierarchyLevels.parentId, parentId), isNull(hierarchyLevels.deletedAt)));

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, director, manager, divisionAdmin },
    } = await createTestSuite({
      admin: ['root', 'Admin'],
      director: ['division', 'Director'],
      manager: ['team', 'Manager'],
      divisionAdmin: ['division', 'Admin'],
    }));
  });
  afterAll(() => t.close());

  describe('POST /api/app/hierarchy-level', () => {
    it('answers 401 without a token', async () => {
      const res = await callAs(t, null).post(levelsUrl, { parentId: org.root.id, name: 'East' });
      expect(res.statusCode).toBe(401);
    });

    it('answers 404 for a parent of another organization', async () => {
      const res = await callAs(t, admin).post(levelsUrl, { parentId: other.root.id, name: 'East' });
      expect(res.statusCode).toBe(404);
      expect(await childrenOf(other.root.id)).toEqual([{ name: 'Division' }]);
    });

    it('answers 403 below admin level at the parent', async () => {
      for (const who of [manager, director]) {
        const res = await callAs(t, who).post(levelsUrl, { parentId: org.division.id, name: 'Sneaky' });
        expect(res.statusCode).toBe(403);
      }
      const above = await callAs(t, divisionAdmin).post(levelsUrl, { parentId: org.root.id, name: 'Sneaky' });
      expect(above.statusCode).toBe(403);
      expect((await childrenOf(org.division.id)).map((c) => c.name)).toEqual(['Team']);
    });

    it('answers 400 with field errors for a bad name or parent, creating nothing', async () => {
      const api = callAs(t, admin);
      const cases = [
        [{ parentId: org.root.id, name: '   ' }, 'name'],
        [{ parentId: org.root.id, name: 'x'.repeat(101) }, 'name'],
        [{ parentId: org.root.id }, 'name'],
        [{ parentId: 'root', name: 'East' }, 'parentId'],
      ] as const;
      for (const [payload, field] of cases) {
        const res = await api.post(levelsUrl, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.validationErrors).toEqual([expect.objectContaining({ field, in: 'body' })]);
      }
      expect(await childrenOf(org.root.id)).toEqual([{ name: 'Division' }]);
    });

    it('refuses a name a live sibling already has, whatever its case and spacing', async () => {
      const res = await callAs(t, admin).post(levelsUrl, { parentId: org.root.id, name: '  division ' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors).toEqual([
        { field: 'name', in: 'body', message: duplicateLevelNameMessage },
      ]);
    });

    it('creates a trimmed level under the parent, last among its siblings, and audits it', async () => {
      const api = callAs(t, divisionAdmin);
      const res = await api.post(levelsUrl, { parentId: org.division.id, name: '  U12 Girls  ' });
      expect(res.statusCode).toBe(201);
      const level = levelSchema.parse(res.json());
      expect(level).toMatchObject({ name: 'U12 Girls', parentId: org.division.id, depth: 2, sortOrder: 1 });
      const row = await storedLevel(t, level.id);
      expect(row.path).toBe(`${org.division.path}${level.id}/`);
      expect(row.organizationId).toBe(org.id);
      expect(await auditActionsOf(t, org.id, level.id)).toEqual(['level.created']);
      // The same name is fine under another parent.
      const elsewhere = await callAs(t, admin).post(levelsUrl, { parentId: org.root.id, name: 'U12 Girls' });
      expect(elsewhere.statusCode).toBe(201);
    });
  });

  describe('PUT /api/app/hierarchy-level/{id}', () => {
    const url = (id: string) => `${levelsUrl}/${id}`;

    it('answers 401 without a token', async () => {
      expect((await callAs(t, null).put(url(org.team.id), { name: 'Renamed' })).statusCode).toBe(401);
    });

    it('answers 404 for a level of another organization', async () => {
      expect((await callAs(t, admin).put(url(other.team.id), { name: 'Renamed' })).statusCode).toBe(404);
      expect((await storedLevel(t, other.team.id)).name).toBe('Team');
    });

    it('answers 403 below admin level at the level', async () => {
      expect((await callAs(t, director).put(url(org.division.id), { name: 'Renamed' })).statusCode).toBe(403);
      expect((await callAs(t, manager).put(url(org.team.id), { name: 'Renamed' })).statusCode).toBe(403);
      expect((await storedLevel(t, org.team.id)).name).toBe('Team');
    });

    it('answers 400 for an empty name or one a sibling has, renaming nothing', async () => {
      const api = callAs(t, admin);
      const empty = await api.put(url(org.team.id), { name: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.validationErrors[0]).toMatchObject({ field: 'name', in: 'body' });
      const taken = await api.put(url(org.team.id), { name: 'u12 GIRLS' });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().error.validationErrors[0].message).toBe(duplicateLevelNameMessage);
      expect((await storedLevel(t, org.team.id)).name).toBe('Team');
    });

    it('renames a level, and may give it another case of its own name', async () => {
      const res = await callAs(t, divisionAdmin).put(url(org.team.id), { name: 'U10 Boys ' });
      expect(res.statusCode).toBe(200);
      expect(levelSchema.parse(res.json())).toMatchObject({ id: org.team.id, name: 'U10 Boys', depth: 2 });
      const recase = await callAs(t, divisionAdmin).put(url(org.team.id), { name: 'U10 BOYS' });
      expect(recase.statusCode).toBe(200);
      expect((await storedLevel(t, org.team.id)).name).toBe('U10 BOYS');
      expect(await auditActionsOf(t, org.id, org.team.id)).toEqual(['level.renamed', 'level.renamed']);
    });

    it('renames the top level without renaming the organization', async () => {
      const res = await callAs(t, admin).put(url(org.root.id), { name: 'Riverside League' });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, org.id));
      expect(row?.name).toBe(org.name);
    });
  });
});
