import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  validationFields,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';

let t: TestApp;
let org: TestOrganization;
let other: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
const url = (id: string) => `/api/app/organization/${id}/background-check-settings`;
const send = (who: TestMember | null, method: 'GET' | 'PUT', id: string, payload?: object) =>
  t.app.inject({ method, url: url(id), headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const off = {
  showCustomerConfiguredBackgroundCheckNotice: false,
  backgroundCheckNotice: '',
  reviewBackgroundChecksExternally: false,
};

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t);
  other = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  manager = await addTestMember(t, org, org.division, 'Manager');
  otherAdmin = await addTestMember(t, other, other.root, 'Admin');
});
afterAll(() => t.close());

const orgDataOf = async (who: TestMember) =>
  (await t.app.inject({ url: '/api/app/organization/organization-list?PerPage=1000', headers: who.auth }))
    .json()
    .items.find((o: { id: string }) => o.id === org.id);

describe('{id}/background-check-settings (the orgData background-check flags, ADR 030)', () => {
  it('GET: 401, 404 another organization, 403 below admin, 400 a bad id, 200 both flags off at first', async () => {
    expect((await send(null, 'GET', org.id)).statusCode).toBe(401);
    expect((await send(otherAdmin, 'GET', org.id)).statusCode).toBe(404);
    expect((await send(admin, 'GET', other.id)).statusCode).toBe(404);
    expect((await send(manager, 'GET', org.id)).statusCode).toBe(403);
    expect((await send(admin, 'GET', 'not-a-uuid')).statusCode).toBe(400);
    const res = await send(admin, 'GET', org.id);
    expect([res.statusCode, res.json()]).toEqual([200, off]);
    expect(await orgDataOf(admin)).toMatchObject({
      showCustomerConfiguredBackgroundCheckNotice: false,
      reviewBackgroundChecksExternally: false,
    });
  });

  it('PUT: 401, 404, 403 and 400 change nothing; an admin sets them, orgData serves them, audited', async () => {
    const on = {
      showCustomerConfiguredBackgroundCheckNotice: true,
      backgroundCheckNotice: 'Checks are renewed every two years.',
      reviewBackgroundChecksExternally: true,
    };
    expect((await send(null, 'PUT', org.id, on)).statusCode).toBe(401);
    expect((await send(otherAdmin, 'PUT', org.id, on)).statusCode).toBe(404);
    expect((await send(manager, 'PUT', org.id, on)).statusCode).toBe(403);
    expect(
      validationFields(await send(admin, 'PUT', org.id, { ...on, backgroundCheckNotice: '  ' })),
    ).toEqual(['backgroundCheckNotice']);
    expect(
      validationFields(await send(admin, 'PUT', org.id, { ...on, reviewBackgroundChecksExternally: 'yes' })),
    ).toEqual(['reviewBackgroundChecksExternally']);
    expect((await send(admin, 'GET', org.id)).json()).toEqual(off);

    const saved = await send(admin, 'PUT', org.id, on);
    expect([saved.statusCode, saved.json()]).toEqual([200, on]);
    expect((await send(admin, 'GET', org.id)).json()).toEqual(on);
    expect(await orgDataOf(admin)).toMatchObject({
      showCustomerConfiguredBackgroundCheckNotice: true,
      reviewBackgroundChecksExternally: true,
    });
    expect(await orgDataOf(manager)).toMatchObject({ reviewBackgroundChecksExternally: true });
    expect((await send(otherAdmin, 'GET', other.id)).json()).toEqual(off);

    // Turning the notice off keeps its text for next time.
    const quiet = { ...on, showCustomerConfiguredBackgroundCheckNotice: false };
    expect((await send(admin, 'PUT', org.id, quiet)).json()).toEqual(quiet);
    const audit = await t.database.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, org.id),
          eq(auditEvents.action, 'organization.background_check_settings_updated'),
        ),
      );
    expect(audit).toHaveLength(2);
  });
});
