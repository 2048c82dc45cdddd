import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrganizationResponseSchema,
  organizationListResponseSchema,
  type CreateOrganizationInput,
} from '@touchline/contracts/organizations';
import { identitySchema } from '@touchline/identity';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestUser } from '../../../test/factories.ts';
import {
  auditEvents,
  hierarchyLevels,
  invitations,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = (roles: string[] = []) => addTestUser(t, roles);

const draft = (
  adminEmail: string,
  overrides: Partial<CreateOrganizationInput> = {},
): CreateOrganizationInput => ({
  general: {
    name: 'Lakeside Youth Football',
    website: 'lakeside.example.org',
    phone: '+1 555 0100',
    countryCode: 'US',
    stateCode: 'WA',
    cityName: 'Seattle',
  },
  admin: { firstName: 'Lee', lastName: 'Park', email: adminEmail },
  plan: { productName: 'Plus', monthUnitAmount: 1, yearUnitAmount: 2 },
  paySubscriptionOrganization: { billingEmail: 'billing@lakeside.example.org', priceIdStripe: null },
  roleRequirements: [
    {
      roleLabel: 'Coach',
      roleRequirementsIds: [],
      paidRoleRequirementsIds: [],
      requirementsDueDate: '2027-03-01',
      isDefault: false,
    },
    {
      roleLabel: 'Player',
      roleRequirementsIds: [],
      paidRoleRequirementsIds: [],
      requirementsDueDate: null,
      isDefault: true,
    },
  ],
  ...overrides,
});

const create = (auth: { authorization: string } | Record<string, never>, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/app/organization', headers: auth, payload: payload as object });
const organizationCount = async () => (await t.database.db.select({ n: count() }).from(organizations))[0]?.n;

describe('POST /api/app/organization (the creation wizard)', () => {
  it('401 without a token', async () => {
    const res = await create({}, draft('x@example.org'));
    expect(res.statusCode).toBe(401);
  });

  it('403 when the account’s e-mail address is not confirmed; nothing is created', async () => {
    const user = await newUser();
    await t.identityDb
      .update(identitySchema.identityUsers)
      .set({ emailConfirmedAt: null })
      .where(eq(identitySchema.identityUsers.id, user.userId));
    const before = await organizationCount();
    const res = await create(user.auth, draft(user.email));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Confirm your e-mail address before creating an organization');
    expect(await organizationCount()).toBe(before);
  });

  it('400 with a field error for each bad part of the draft; nothing is created', async () => {
    const user = await newUser();
    const before = await organizationCount();
    const bad = {
      ...draft(user.email),
      general: { name: ' ', countryCode: 'XX', website: 'not a site' },
      roleRequirements: [
        { roleLabel: 'Coach', isDefault: true },
        { roleLabel: 'coach', isDefault: true, requirementsDueDate: 'next week' },
      ],
    };
    const res = await create(user.auth, bad);
    expect(res.statusCode).toBe(400);
    const fields = (res.json().error.validationErrors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual([
      'general.countryCode',
      'general.name',
      'general.website',
      'roleRequirements.1.isDefault',
      'roleRequirements.1.requirementsDueDate',
      'roleRequirements.1.roleLabel',
    ]);
    const noRoles = await create(user.auth, draft(user.email, { roleRequirements: [] }));
    expect(noRoles.json().error.validationErrors).toEqual([
      { field: 'roleRequirements', in: 'body', message: 'Add at least one role' },
    ]);
    const unknownPlan = await create(user.auth, draft(user.email, { plan: { productName: 'Gold' } }));
    expect(unknownPlan.statusCode).toBe(400);
    expect(unknownPlan.json().error.validationErrors).toEqual([
      { field: 'plan.productName', in: 'body', message: 'Choose one of the plans offered' },
    ]);
    expect(await organizationCount()).toBe(before);
  });

  it('creates the organization, its top level, labels and the creator as its Admin, in one go', async () => {
    const user = await newUser();
    const res = await create(user.auth, draft(user.email.toUpperCase()));
    expect(res.statusCode).toBe(201);
    const created = createOrganizationResponseSchema.parse(res.json());
    expect(created).toMatchObject({ name: 'Lakeside Youth Football', adminInvited: false });
    expect(created.profileId).toMatch(/^[0-9a-f-]{36}$/);

    const db = t.database.db;
    const [org] = await db.select().from(organizations).where(eq(organizations.id, created.id));
    expect(org).toMatchObject({
      website: 'https://lakeside.example.org',
      countryCode: 'US',
      planProductName: 'Plus',
      planMonthUnitAmount: 9900,
      planYearUnitAmount: 94800,
      billingEmail: 'billing@lakeside.example.org',
      createdByUserId: user.userId,
    });
    expect(org?.roleRequirements.map((r) => [r.roleLabel, r.isDefault, r.requirementsDueDate])).toEqual([
      ['Coach', false, '2027-03-01'],
      ['Player', true, null],
    ]);
    const [root] = await db
      .select()
      .from(hierarchyLevels)
      .where(eq(hierarchyLevels.organizationId, created.id));
    expect(root).toMatchObject({
      id: created.rootLevelId,
      name: 'Lakeside Youth Football',
      depth: 0,
      parentId: null,
      path: `/${created.rootLevelId}/`,
    });
    const labelRows = await db
      .select({ name: labels.name, isDefault: labels.isDefault, role: labels.role })
      .from(labels)
      .where(eq(labels.organizationId, created.id))
      .orderBy(labels.sortOrder);
    expect(labelRows).toEqual([
      { name: 'Coach', isDefault: false, role: null },
      { name: 'Player', isDefault: true, role: null },
      { name: 'Admin', isDefault: false, role: 'Admin' },
    ]);
    const [admin] = await db
      .select({
        appUserId: profiles.appUserId,
        email: profiles.email,
        label: labels.name,
        level: profileLevelAccesses.hierarchyLevelId,
      })
      .from(profiles)
      .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.profileId, profiles.id))
      .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
      .where(eq(profiles.id, created.profileId ?? ''));
    expect(admin).toEqual({
      appUserId: user.userId,
      email: user.email.toUpperCase(),
      label: 'Admin',
      level: created.rootLevelId,
    });
    const actions = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, created.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['organization.created', 'profile.created']);

    const list = organizationListResponseSchema.parse(
      (
        await t.app.inject({
          url: '/api/app/organization/organization-list?PerPage=1000',
          headers: user.auth,
        })
      ).json(),
    );
    expect(list.items).toEqual([
      expect.objectContaining({ id: created.id, initials: 'LY', profileId: created.profileId, image: null }),
    ]);
    const selected = await t.app.inject({
      url: `/api/app/organization/${created.id}/select-organization`,
      headers: user.auth,
    });
    expect(selected.json()).toEqual({
      organizationId: created.id,
      profileId: created.profileId,
      roles: ['Admin'],
    });
  });

  it('gives a role named Admin the Admin role, makes the first role the default when none is, and leaves another admin unlinked', async () => {
    const user = await newUser();
    const res = await create(
      user.auth,
      draft('someone.else@example.org', {
        roleRequirements: [
          { roleLabel: 'Volunteer', isDefault: false },
          { roleLabel: 'admin', isDefault: false },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const created = createOrganizationResponseSchema.parse(res.json());
    expect(created).toMatchObject({ profileId: null, adminInvited: true });
    const [invitation] = await t.database.db
      .select({ email: invitations.email, invitedByUserId: invitations.invitedByUserId })
      .from(invitations)
      .where(eq(invitations.organizationId, created.id));
    expect(invitation).toEqual({ email: 'someone.else@example.org', invitedByUserId: user.userId });
    const labelRows = await t.database.db
      .select({ name: labels.name, isDefault: labels.isDefault, role: labels.role })
      .from(labels)
      .where(eq(labels.organizationId, created.id))
      .orderBy(labels.sortOrder);
    expect(labelRows).toEqual([
      { name: 'Volunteer', isDefault: true, role: null },
      { name: 'admin', isDefault: false, role: 'Admin' },
    ]);
    const [admin] = await t.database.db
      .select({ appUserId: profiles.appUserId, status: profileLevelAccesses.overallStatus })
      .from(profiles)
      .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.profileId, profiles.id))
      .where(and(eq(profiles.organizationId, created.id), eq(profiles.email, 'someone.else@example.org')));
    expect(admin).toEqual({ appUserId: null, status: 4 });
    const list = (
      await t.app.inject({ url: '/api/app/organization/organization-list', headers: user.auth })
    ).json();
    expect(list).toEqual({ items: [], totalCount: 0 });
    const select = await t.app.inject({
      url: `/api/app/organization/${created.id}/select-organization`,
      headers: user.auth,
    });
    expect(select.statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes the organization, file and plan calls', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/app/organization',
        '/api/app/organization/organization-list',
        '/api/app/organization/{id}/select-organization',
        '/api/app/organization/{id}/file',
        '/api/app/organization/{id}/file-url-with-token/',
        '/api/app/payment-plan/payment-plans/',
        '/api/app/payment-plan/payment-plans-organization',
      ]),
    );
  });
});
