import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountSchema,
  emergencyContactsResponseSchema,
  savedContactInformationSchema,
} from '@touchline/contracts/account';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  validationFields,
} from '../../../test/factories.ts';
import { auditActionsFor, profileRow } from './profiles.test-helpers.ts';

describe('account settings calls (/api/app/account…, ours)', () => {
  let t: TestApp;
  let member: TestMember;
  let other: TestMember;
  let organizationId: string;
  let lonerAuth: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    const org = await createTestOrganization(t, 'Account League');
    organizationId = org.id;
    member = await addTestMember(t, org, org.team, 'member', { firstName: 'Casey', lastName: 'Player' });
    other = await addTestMember(t, org, org.team, 'member');
    await t.createUser({ email: 'unplaced@example.org' });
    lonerAuth = { authorization: `Bearer ${(await t.signIn('unplaced@example.org')).access_token}` };
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT', url: string, headers: object, payload?: unknown) =>
    t.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });
  const account = async (m: TestMember) =>
    accountSchema.parse((await call('GET', '/api/app/account', m.auth)).json());

  describe('GET /api/app/account', () => {
    it('401 anonymous, 404 without an organization', async () => {
      expect((await call('GET', '/api/app/account', {})).statusCode).toBe(401);
      const none = await call('GET', '/api/app/account', lonerAuth);
      expect(none.statusCode).toBe(404);
      expect(none.json().error.message).toBe('No organization is selected');
    });
    it('gives the identity account and an empty profile part to start with', async () => {
      expect(await account(member)).toEqual({
        user: {
          id: member.userId,
          firstName: member.email.split('@')[0],
          lastName: 'Tester',
          email: member.email,
          dateOfBirth: null,
        },
        profile: {
          photoUrl: null,
          photoName: null,
          photoExtension: null,
          profileContactInformationId: null,
          profileContactInformation: { email: null, address: null, city: null, phone: null, stateId: null },
          profileEmergencyContact: [],
        },
      });
    });
  });

  describe('PUT /api/app/account/user', () => {
    it('401, 404 without an organization, 400 with field errors and nothing changed', async () => {
      const body = { firstName: 'Jo', lastName: 'March', dateOfBirth: '2005-05-05' };
      expect((await call('PUT', '/api/app/account/user', {}, body)).statusCode).toBe(401);
      expect((await call('PUT', '/api/app/account/user', lonerAuth, body)).statusCode).toBe(404);
      const bad = await call('PUT', '/api/app/account/user', member.auth, {
        firstName: 'Jo',
        dateOfBirth: 'May 5',
      });
      expect(bad.statusCode).toBe(400);
      expect(validationFields(bad)).toEqual(['dateOfBirth', 'lastName']);
      expect((await profileRow(t, member.profileId)).firstName).toBe('Casey');
    });
    it('renames the account and sets the date of birth; the e-mail stays', async () => {
      const res = await call('PUT', '/api/app/account/user', member.auth, {
        firstName: ' Jo ',
        lastName: 'March',
        dateOfBirth: '2005-05-05',
        email: 'ignored@example.org',
      });
      expect(res.statusCode).toBe(200);
      expect((await account(member)).user).toEqual({
        id: member.userId,
        firstName: 'Jo',
        lastName: 'March',
        email: member.email,
        dateOfBirth: '2005-05-05',
      });
    });
  });

  describe('PUT /api/app/account/contact-information', () => {
    const url = '/api/app/account/contact-information';
    const body = {
      email: 'home@example.org',
      address: '1 Pitch Lane',
      city: 'Riverside',
      phone: '+1 (555) 010-2030',
      stateId: 'CA',
    };
    it('401, 404 without an organization, 400 with field errors and nothing saved', async () => {
      expect((await call('PUT', url, {}, body)).statusCode).toBe(401);
      expect((await call('PUT', url, lonerAuth, body)).statusCode).toBe(404);
      const bad = await call('PUT', url, member.auth, {
        ...body,
        email: 'not-mail',
        phone: 'call me',
        city: 'x'.repeat(101),
      });
      expect(bad.statusCode).toBe(400);
      expect(validationFields(bad)).toEqual(['city', 'email', 'phone']);
      expect((await account(member)).profile.profileContactInformationId).toBeNull();
    });
    it('saves, then updates the same row; blanks clear a field', async () => {
      const first = savedContactInformationSchema.parse((await call('PUT', url, member.auth, body)).json());
      expect(first).toMatchObject(body);
      const second = savedContactInformationSchema.parse(
        (await call('PUT', url, member.auth, { ...body, address: '', phone: null })).json(),
      );
      expect(second).toMatchObject({ id: first.id, address: null, phone: null, city: 'Riverside' });
      const saved = await account(member);
      expect(saved.profile.profileContactInformationId).toBe(first.id);
      expect(saved.profile.profileContactInformation).toEqual({
        email: 'home@example.org',
        address: null,
        city: 'Riverside',
        phone: null,
        stateId: 'CA',
      });
      expect((await account(other)).profile.profileContactInformationId).toBeNull();
    });
  });

  describe('PUT /api/app/account/emergency-contacts', () => {
    const url = '/api/app/account/emergency-contacts';
    const contact = (n: number) => ({
      firstName: `Pat${n}`,
      lastName: 'Guardian',
      email: `pat${n}@example.org`,
      relationship: 'Parent',
      phone: '555 010 2030',
    });
    it('401, 404 without an organization, 400 for more than 5 or a bad contact, nothing saved', async () => {
      expect((await call('PUT', url, {}, { contacts: [] })).statusCode).toBe(401);
      expect((await call('PUT', url, lonerAuth, { contacts: [] })).statusCode).toBe(404);
      const tooMany = await call('PUT', url, member.auth, { contacts: [1, 2, 3, 4, 5, 6].map(contact) });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.validationErrors[0]).toMatchObject({
        field: 'contacts',
        message: 'Keep at most 5 emergency contacts',
      });
      const bad = await call('PUT', url, member.auth, {
        contacts: [contact(1), { ...contact(2), relationship: ' ', email: 'x' }],
      });
      expect(validationFields(bad)).toEqual(['contacts.1.email', 'contacts.1.relationship']);
      expect((await account(member)).profile.profileEmergencyContact).toEqual([]);
    });
    it('replaces the list in order, keeping the ids of contacts sent back and never borrowing others', async () => {
      const first = emergencyContactsResponseSchema.parse(
        (await call('PUT', url, member.auth, { contacts: [contact(1), contact(2)] })).json(),
      );
      expect(first.map((c) => c.firstName)).toEqual(['Pat1', 'Pat2']);
      expect(first.every((c) => c.profileId === member.profileId)).toBe(true);
      const theirs = emergencyContactsResponseSchema.parse(
        (await call('PUT', url, other.auth, { contacts: [contact(9)] })).json(),
      );
      const [kept] = first.slice(1);
      const second = emergencyContactsResponseSchema.parse(
        (
          await call('PUT', url, member.auth, {
            contacts: [
              { ...contact(2), id: kept?.id, relationship: 'Aunt' },
              { ...contact(3), id: theirs[0]?.id },
            ],
          })
        ).json(),
      );
      expect(second.map((c) => [c.firstName, c.relationship])).toEqual([
        ['Pat2', 'Aunt'],
        ['Pat3', 'Parent'],
      ]);
      expect(second[0]?.id).toBe(kept?.id);
      expect(second[1]?.id).not.toBe(theirs[0]?.id);
      expect((await account(member)).profile.profileEmergencyContact).toEqual(second);
      expect((await account(other)).profile.profileEmergencyContact).toEqual(theirs);
      const cleared = await call('PUT', url, member.auth, { contacts: [] });
      expect(cleared.json()).toEqual([]);
      expect(await auditActionsFor(t, organizationId, member.profileId)).toContain(
        'profile.emergency_contacts_replaced',
      );
    });
  });
});
