import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addTestMember, validationFields, type TestMember } from '../../../test/factories.ts';
import { labels, organizations } from '../../db/schema/index.ts';
import {
  base,
  defs,
  manager,
  newMember,
  org,
  other,
  otherAdmin,
  send,
  t,
  useMemberPaymentWorld,
} from './member-payments.test-support.ts';

useMemberPaymentWorld();

// Editing a role's paid requirements after the creation wizard (roleRequirements[].paidRoleRequirementsIds, ADR 031).

let admin: TestMember;
const url = (id: string) => `/api/app/organization/${id}/role-paid-requirements`;
const call = (who: TestMember | null, method: 'GET' | 'PUT', id: string, body?: object) =>
  t.app.inject({ method, url: url(id), headers: who ? who.auth : {}, ...(body ? { payload: body } : {}) });
const owedNames = async (who: TestMember) =>
  (await send(who, 'GET', `${base}/awaiting-payment-by-individual/${who.profileLevelAccessId}`))
    .json()
    .items.map((i: { name: string }) => i.name);
const storedRoles = async () =>
  (await t.database.db.select().from(organizations).where(eq(organizations.id, org.id)))[0]!.roleRequirements;

beforeAll(async () => {
  admin = await addTestMember(t, org, org.root, 'Admin');
  await t.database.db.insert(labels).values({ organizationId: org.id, name: 'Coach' });
});

describe('GET and PUT /api/app/organization/{id}/role-paid-requirements', () => {
  const body = { roleLabel: 'Player', paidRoleRequirementsIds: [] };

  it('401 without a token, 404 for another organization, 403 below an administrator at the top, 400 bad id', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body],
    ] as const) {
      expect((await call(null, method, org.id, payload)).statusCode).toBe(401);
      expect((await call(otherAdmin, method, org.id, payload)).statusCode).toBe(404);
      expect((await call(manager, method, org.id, payload)).statusCode).toBe(403);
      expect((await call(admin, method, 'not-an-id', payload)).statusCode).toBe(400);
    }
    expect((await storedRoles())[0]!.paidRoleRequirementsIds).toEqual([defs.document]);
  });

  it('400 with field errors for a bad body, a role that is not the organization’s, or another’s requirement; nothing changes', async () => {
    const before = await storedRoles();
    const bad = await call(admin, 'PUT', org.id, {
      roleLabel: '',
      paidRoleRequirementsIds: ['x', defs.check, defs.check],
    });
    expect(bad.statusCode).toBe(400);
    expect(validationFields(bad)).toEqual(expect.arrayContaining(['roleLabel', 'paidRoleRequirementsIds.0']));
    const dup = await call(admin, 'PUT', org.id, {
      roleLabel: 'Player',
      paidRoleRequirementsIds: [defs.check, defs.check],
    });
    expect(validationFields(dup)).toEqual(['paidRoleRequirementsIds']);
    const role = await call(admin, 'PUT', org.id, { roleLabel: 'Admin', paidRoleRequirementsIds: [] });
    expect(role.statusCode).toBe(400);
    expect(validationFields(role)).toEqual(['roleLabel']);
    const [theirs] = await t.database.db
      .insert(labels)
      .values({ organizationId: other.id, name: 'Referee' })
      .returning({ id: labels.id });
    expect(theirs).toBeDefined();
    const foreign = await call(admin, 'PUT', org.id, {
      roleLabel: 'player',
      paidRoleRequirementsIds: [defs.check, crypto.randomUUID()],
    });
    expect(foreign.statusCode).toBe(400);
    expect(validationFields(foreign)).toEqual(['paidRoleRequirementsIds.1']);
    const otherOrgRole = await call(admin, 'PUT', org.id, {
      roleLabel: 'Referee',
      paidRoleRequirementsIds: [],
    });
    expect(validationFields(otherOrgRole)).toEqual(['roleLabel']);
    expect(await storedRoles()).toEqual(before);
  });

  it('lists every member role and the requirements; a change decides what members owe from then on', async () => {
    const member = await newMember('Rae', 'Roles');
    const listed = await call(admin, 'GET', org.id);
    expect(listed.statusCode).toBe(200);
    // Member labels only (never Admin, Director…), in the labels' order.
    expect(listed.json().roles).toEqual([
      { roleLabel: 'Coach', paidRoleRequirementsIds: [] },
      { roleLabel: 'Player', paidRoleRequirementsIds: [defs.document] },
    ]);
    expect(listed.json().requirements).toEqual(
      expect.arrayContaining([
        { id: defs.document, name: 'Coaching licence', type: 0, memberPrice: 1000, currency: 'usd' },
        expect.objectContaining({ id: defs.unpriced, memberPrice: null }),
      ]),
    );
    expect(await owedNames(member)).toEqual(['Background check', 'Coaching licence']);

    const cleared = await call(admin, 'PUT', org.id, { roleLabel: 'player', paidRoleRequirementsIds: [] });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().roles[1]).toEqual({ roleLabel: 'Player', paidRoleRequirementsIds: [] });
    expect(await owedNames(member)).toEqual(['Background check']);

    expect(
      (await call(admin, 'PUT', org.id, { roleLabel: 'Player', paidRoleRequirementsIds: [defs.document] }))
        .statusCode,
    ).toBe(200);
    expect(await owedNames(member)).toEqual(['Background check', 'Coaching licence']);
    // The wizard's other fields of the role are kept.
    expect((await storedRoles())[0]).toMatchObject({
      roleLabel: 'player',
      roleRequirementsIds: [defs.document],
      isDefault: true,
    });

    // A role the wizard did not set up gets its entry.
    const coach = await call(admin, 'PUT', org.id, {
      roleLabel: 'Coach',
      paidRoleRequirementsIds: [defs.check],
    });
    expect(coach.json().roles[0]).toEqual({ roleLabel: 'Coach', paidRoleRequirementsIds: [defs.check] });
    expect((await storedRoles()).map((r) => r.roleLabel)).toEqual(['player', 'Coach']);
  });
});
