import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultLabelRoleMessage,
  duplicateLabelNameMessage,
  lastAdminLabelMessage,
  managedLabelsResponseSchema,
} from '@touchline/contracts/labels';
import { memberLabelSchema } from '@touchline/contracts/member-admin';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { auditEvents, labels, profileLevelAccesses } from '../../db/schema/index.ts';

const url = '/api/app/labels';

describe('managing role labels', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let divisionAdmin: TestMember;
  let director: TestMember;
  let manager: TestMember;

  const as = (who: TestMember | null) => {
    const headers = who ? who.auth : {};
    return {
      get: (path: string) => t.app.inject({ method: 'GET', url: path, headers }),
      post: (path: string, payload: object) => t.app.inject({ method: 'POST', url: path, headers, payload }),
      put: (path: string, payload: object) => t.app.inject({ method: 'PUT', url: path, headers, payload }),
      delete: (path: string) => t.app.inject({ method: 'DELETE', url: path, headers }),
    };
  };
  /** The organization's labels as stored, deleted or not, in id order: what a refused call must leave alone. */
  const stored = (organizationId: string) =>
    t.database.db.select().from(labels).where(eq(labels.organizationId, organizationId)).orderBy(labels.id);
  const auditOf = async (labelId: string) =>
    (
      await t.database.db
        .select({ action: auditEvents.action, data: auditEvents.data })
        .from(auditEvents)
        .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.entityId, labelId)))
        .orderBy(auditEvents.createdAt)
    ).map((e) => e.action);
  const managed = async () =>
    managedLabelsResponseSchema.parse((await as(admin).get(`${url}/management`)).json()).items;
  const below = () => [divisionAdmin, director, manager];

  beforeAll(async () => {
    t = await createTestApp();
    org = await createTestOrganization(t);
    other = await createTestOrganization(t);
    admin = await addTestMember(t, org, org.root, 'Admin');
    divisionAdmin = await addTestMember(t, org, org.division, 'Admin');
    director = await addTestMember(t, org, org.division, 'Director');
    manager = await addTestMember(t, org, org.team, 'Manager');
  });
  afterAll(() => t.close());

  it('GET …/management: 401, 403 below admin at the top level, then the labels with member counts', async () => {
    expect((await as(null).get(`${url}/management`)).statusCode).toBe(401);
    for (const who of below()) expect((await as(who).get(`${url}/management`)).statusCode).toBe(403);
    const items = await managed();
    expect(items[0]).toMatchObject({ name: 'Player', isDefault: true, role: null, memberCount: 0 });
    expect(items.find((l) => l.name === 'Admin')).toMatchObject({ role: 'Admin', memberCount: 2 });
    expect(items.every((l) => l.assignable)).toBe(true);
  });

  describe('POST /api/app/labels', () => {
    it('answers 401 anonymous and 403 below admin at the top level, creating nothing', async () => {
      const before = await stored(org.id);
      expect((await as(null).post(url, { name: 'Coach', role: null })).statusCode).toBe(401);
      for (const who of below())
        expect((await as(who).post(url, { name: 'Coach', role: null })).statusCode).toBe(403);
      expect(await stored(org.id)).toEqual(before);
    });

    it('answers 400 with a field error for a bad name or role, or a name in use whatever its case', async () => {
      const before = await stored(org.id);
      const cases = [
        [{ name: '   ', role: null }, 'name'],
        [{ name: 'x'.repeat(61), role: null }, 'name'],
        [{ role: null }, 'name'],
        [{ name: 'Coach', role: 'President' }, 'role'],
        [{ name: 'Coach', role: 'TouchlineAdmin' }, 'role'],
      ] as const;
      for (const [payload, field] of cases) {
        const res = await as(admin).post(url, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.validationErrors).toEqual([expect.objectContaining({ field, in: 'body' })]);
      }
      const taken = await as(admin).post(url, { name: '  player ', role: 'Manager' });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().error.validationErrors).toEqual([
        { field: 'name', in: 'body', message: duplicateLabelNameMessage },
      ]);
      expect(await stored(org.id)).toEqual(before);
    });

    it('adds a label, trimmed, last in the order, never the default, and audits it', async () => {
      await t.database.db.insert(labels).values({ organizationId: other.id, name: 'Coach' });
      const res = await as(admin).post(url, { name: '  Coach ', role: null });
      expect(res.statusCode).toBe(201);
      const label = memberLabelSchema.parse(res.json());
      expect(label).toMatchObject({ name: 'Coach', role: null, isDefault: false, assignable: true });
      expect((await managed()).at(-1)?.id).toBe(label.id);
      expect(await auditOf(label.id)).toEqual(['label.created']);
      const withRole = await as(admin).post(url, { name: 'Treasurer', role: 'Account Manager' });
      expect(withRole.json()).toMatchObject({ role: 'Account Manager', isDefault: false });
    });
  });

  describe('PUT /api/app/labels/{id}', () => {
    let coachId: string;
    beforeAll(async () => {
      coachId = memberLabelSchema.parse(
        (await as(admin).post(url, { name: 'Assistant', role: null })).json(),
      ).id;
    });

    it('answers 401, 404 another organization’s label, 403 below admin at the top level', async () => {
      expect((await as(null).put(`${url}/${coachId}`, { name: 'X' })).statusCode).toBe(401);
      expect((await as(admin).put(`${url}/${other.labelIds.member}`, { name: 'X' })).statusCode).toBe(404);
      for (const who of below())
        expect((await as(who).put(`${url}/${coachId}`, { name: 'X' })).statusCode).toBe(403);
      expect((await stored(other.id)).find((l) => l.id === other.labelIds.member)?.name).toBe('Player');
    });

    it('answers 400 for bad input or a broken default rule, changing nothing', async () => {
      const before = await stored(org.id);
      const cases = [
        [coachId, { name: ' ' }, 'name', undefined],
        [coachId, {}, 'body', undefined],
        [coachId, { role: 'Owner' }, 'role', undefined],
        [coachId, { name: 'ADMIN' }, 'name', duplicateLabelNameMessage],
        [org.labelIds.Director, { isDefault: true }, 'isDefault', defaultLabelRoleMessage],
        [org.labelIds.member, { role: 'Manager' }, 'role', defaultLabelRoleMessage],
        [org.labelIds.member, { isDefault: false }, 'isDefault', undefined],
        [coachId, { isDefault: true, role: 'Director' }, 'role', defaultLabelRoleMessage],
      ] as const;
      for (const [id, payload, field, message] of cases) {
        const res = await as(admin).put(`${url}/${id}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.validationErrors).toEqual([
          expect.objectContaining({ field, ...(message ? { message } : {}) }),
        ]);
      }
      expect((await as(admin).put(`${url}/not-a-uuid`, { name: 'X' })).statusCode).toBe(400);
      expect(await stored(org.id)).toEqual(before);
    });

    it('renames a label (its own name in another case too) and audits it', async () => {
      const res = await as(admin).put(`${url}/${coachId}`, { name: ' Assistant Coach ' });
      expect(res.statusCode).toBe(200);
      expect(memberLabelSchema.parse(res.json())).toMatchObject({ id: coachId, name: 'Assistant Coach' });
      expect((await as(admin).put(`${url}/${coachId}`, { name: 'assistant coach' })).statusCode).toBe(200);
      expect(await auditOf(coachId)).toEqual(['label.created', 'label.renamed', 'label.renamed']);
    });

    it('switches the default: the previous default stops being one in the same change', async () => {
      const res = await as(admin).put(`${url}/${coachId}`, { isDefault: true });
      expect(res.json()).toMatchObject({ id: coachId, isDefault: true });
      const defaults = async () => (await managed()).filter((l) => l.isDefault).map((l) => l.id);
      expect(await defaults()).toEqual([coachId]);
      expect(await auditOf(coachId)).toContain('label.default_changed');
      await as(admin).put(`${url}/${org.labelIds.member}`, { isDefault: true });
      expect(await defaults()).toEqual([org.labelIds.member]);
    });

    it('changes the role a label carries, but never takes the last Admin from the top level (409)', async () => {
      const res = await as(admin).put(`${url}/${coachId}`, { role: 'Director' });
      expect(res.json()).toMatchObject({ role: 'Director' });
      expect(await auditOf(coachId)).toContain('label.role_changed');
      const last = await as(admin).put(`${url}/${org.labelIds.Admin}`, { role: 'Manager' });
      expect(last.statusCode).toBe(409);
      expect(last.json().error.message).toBe(lastAdminLabelMessage);
      expect((await stored(org.id)).find((l) => l.id === org.labelIds.Admin)?.role).toBe('Admin');
    });

    it('lets the Admin label go once another label gives Admin at the top level', async () => {
      const own = await createTestOrganization(t);
      const first = await addTestMember(t, own, own.root, 'Admin');
      const second = await addTestMember(t, own, own.root, 'Admin');
      const chair = memberLabelSchema.parse(
        (await as(first).post(url, { name: 'Chair', role: 'Admin' })).json(),
      );
      await t.database.db
        .update(profileLevelAccesses)
        .set({ labelId: chair.id })
        .where(eq(profileLevelAccesses.id, second.profileLevelAccessId));
      const res = await as(first).put(`${url}/${own.labelIds.Admin}`, { role: null });
      expect(res.statusCode).toBe(200);
      expect((await as(second).put(`${url}/${chair.id}`, { role: 'Director' })).statusCode).toBe(409);
    });
  });

  describe('DELETE /api/app/labels/{id}', () => {
    it('answers 401, 404, 403 and 400 without deleting anything', async () => {
      const before = await stored(org.id);
      const id = org.labelIds['Account Manager'];
      expect((await as(null).delete(`${url}/${id}`)).statusCode).toBe(401);
      expect((await as(admin).delete(`${url}/${other.labelIds['Account Manager']}`)).statusCode).toBe(404);
      for (const who of below()) expect((await as(who).delete(`${url}/${id}`)).statusCode).toBe(403);
      expect((await as(admin).delete(`${url}/12`)).statusCode).toBe(400);
      expect(await stored(org.id)).toEqual(before);
      expect((await stored(other.id)).every((l) => l.deletedAt === null)).toBe(true);
    });

    it('refuses (409) the default label and a label members still hold', async () => {
      const before = await stored(org.id);
      const isDefault = await as(admin).delete(`${url}/${org.labelIds.member}`);
      expect(isDefault.statusCode).toBe(409);
      const held = await as(admin).delete(`${url}/${org.labelIds.Admin}`);
      expect(held.statusCode).toBe(409);
      expect(held.json().error.message).toBe('This role is still held by 2 members');
      expect((await as(admin).delete(`${url}/${org.labelIds.Manager}`)).json().error.message).toBe(
        'This role is still held by 1 member',
      );
      expect(await stored(org.id)).toEqual(before);
    });

    it('soft-deletes an unheld label, audits it, and frees its name', async () => {
      const id = org.labelIds['Account Manager'];
      expect((await as(admin).delete(`${url}/${id}`)).statusCode).toBe(204);
      expect((await stored(org.id)).find((l) => l.id === id)?.deletedAt).toBeInstanceOf(Date);
      expect((await managed()).some((l) => l.id === id)).toBe(false);
      expect(await auditOf(id)).toEqual(['label.deleted']);
      expect((await as(admin).delete(`${url}/${id}`)).statusCode).toBe(404);
      expect((await as(admin).post(url, { name: 'account manager', role: null })).statusCode).toBe(201);
    });
  });

  describe('PUT /api/app/labels/order', () => {
    it('answers 401, 403, and 400 unless every live label is listed once, changing nothing', async () => {
      const ids = (await managed()).map((l) => l.id);
      const before = await stored(org.id);
      expect((await as(null).put(`${url}/order`, { labelIds: ids })).statusCode).toBe(401);
      for (const who of below())
        expect((await as(who).put(`${url}/order`, { labelIds: ids })).statusCode).toBe(403);
      const bad = [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), other.labelIds.member], ['x'], []];
      for (const labelIds of bad) {
        const res = await as(admin).put(`${url}/order`, { labelIds });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.validationErrors[0].field).toMatch(/^labelIds/);
      }
      expect(await stored(org.id)).toEqual(before);
    });

    it('puts the labels in the given order, the default still listed first', async () => {
      const ids = (await managed()).map((l) => l.id);
      const reversed = [...ids].reverse();
      expect((await as(admin).put(`${url}/order`, { labelIds: reversed })).statusCode).toBe(204);
      const after = (await managed()).map((l) => l.id);
      expect(after).toEqual([org.labelIds.member, ...reversed.filter((id) => id !== org.labelIds.member)]);
      const listed = (await as(manager).get(url)).json().items.map((l: { id: string }) => l.id);
      expect(listed).toEqual(after);
    });
  });
});
