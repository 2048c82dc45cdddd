import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import { createTestSuite, type TestMember, type TestOrganization } from '../../../test/factories.ts';
import { auditEvents, profiles } from '../../db/schema/index.ts';

// Issue 31 / ADR 041 part five: a profile's contact details by id — one's own or one's child's (the guardian
// completes the child's address and emergency contact, prefilled from a league partner); nobody else's.

type Who = { auth: Record<string, string> } | null;
let t: TestApp;
let org: TestOrganization;
let guardian: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
let childId = '';
const call = (who: Who, method: 'GET' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const url = (id: string, what: string) => `/api/app/profile/${id}/${what}`;
const address = { address: '9 Elm St', city: 'Springfield', stateId: 'IL', phone: '217-555-0199' };
const contact = { firstName: 'Lee', lastName: 'Family', relationship: 'Aunt', phone: '217-555-0100' };

beforeAll(async () => {
  let members;
  ({ t, org, members } = await createTestSuite({
    guardian: ['team', 'member'],
    manager: ['team', 'Manager'],
    otherAdmin: ['root', 'Admin', { in: 'other' }],
  }));
  ({ guardian, manager, otherAdmin } = members);
  const [child] = await t.database.db
    .insert(profiles)
    .values({
      organizationId: org.id,
      guardianProfileId: guardian.profileId,
      firstName: 'Robin',
      lastName: 'Family',
    })
    .returning({ id: profiles.id });
  childId = child!.id;
});
afterAll(() => t.close());

describe('a profile’s contact details by id', () => {
  it('GET contact-details: 401, 400, 404 another organization, 403 a manager, 200 the guardian (audited)', async () => {
    expect((await call(null, 'GET', url(childId, 'contact-details'))).statusCode).toBe(401);
    expect((await call(guardian, 'GET', url('not-an-id', 'contact-details'))).statusCode).toBe(400);
    expect((await call(otherAdmin, 'GET', url(childId, 'contact-details'))).statusCode).toBe(404);
    expect((await call(manager, 'GET', url(childId, 'contact-details'))).statusCode).toBe(403);
    const res = await call(guardian, 'GET', url(childId, 'contact-details'));
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        profileContactInformationId: null,
        profileContactInformation: { email: null, address: null, city: null, phone: null, stateId: null },
        profileEmergencyContact: [],
      },
    ]);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'profile.contact_details_read'), eq(auditEvents.entityId, childId)));
    expect(audits.map((a) => a.actorProfileId)).toEqual([guardian.profileId]);
  });

  it('PUT contact-information: 401, 400, 404, 403, 200 the guardian saves the child’s address', async () => {
    const target = url(childId, 'contact-information');
    expect((await call(null, 'PUT', target, address)).statusCode).toBe(401);
    expect((await call(guardian, 'PUT', target, { email: 'not-an-address' })).statusCode).toBe(400);
    expect((await call(otherAdmin, 'PUT', target, address)).statusCode).toBe(404);
    expect((await call(manager, 'PUT', target, address)).statusCode).toBe(403);
    const res = await call(guardian, 'PUT', target, address);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...address, email: null });
    // The guardian's own contact information is untouched.
    const own = await call(guardian, 'GET', url(guardian.profileId, 'contact-details'));
    expect(own.json().profileContactInformation.address).toBeNull();
  });

  it('PUT emergency-contacts: 401, 400, 404, 403, 200 the guardian adds the child’s contact', async () => {
    const target = url(childId, 'emergency-contacts');
    const body = { contacts: [contact] };
    expect((await call(null, 'PUT', target, body)).statusCode).toBe(401);
    expect((await call(guardian, 'PUT', target, { contacts: [{ firstName: 'Lee' }] })).statusCode).toBe(400);
    expect((await call(otherAdmin, 'PUT', target, body)).statusCode).toBe(404);
    expect((await call(manager, 'PUT', target, body)).statusCode).toBe(403);
    const res = await call(guardian, 'PUT', target, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([{ ...contact, profileId: childId }]);
    const read = await call(guardian, 'GET', url(childId, 'contact-details'));
    expect(read.json()).toMatchObject({
      profileContactInformation: { address: '9 Elm St' },
      profileEmergencyContact: [{ firstName: 'Lee', relationship: 'Aunt' }],
    });
  });
});
