import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUserSchema } from '@touchline/contracts/account';
import { profileSchema } from '@touchline/contracts/profiles';
import type { TestApp } from '../../../test/app.ts';
import {
  type TestMember,
  type TestOrganization,
  createTestSuite,
  validationFields,
} from '../../../test/factories.ts';
import { auditActionsFor, makeGuardian, profileRow } from './profiles.test-helpers.ts';

describe('profile updates (spec §7 Profile)', () => {
  let t: TestApp;
  let org: TestOrganization;
  let manager: TestMember;
  let player: TestMember;
  let sibling: TestMember;
  let child: TestMember;
  let divisionPlayer: TestMember;
  let outsider: TestMember;

  beforeAll(async () => {
    ({
      t,
      org,
      members: { manager, player, sibling, child, divisionPlayer, outsider },
    } = await createTestSuite(
      {
        manager: ['team', 'Manager'],
        player: ['team', 'member'],
        sibling: ['team', 'member'],
        child: ['team', 'member', { signedUp: false }],
        divisionPlayer: ['division', 'member'],
        outsider: ['team', 'member', { in: 'other' }],
      },
      { org: 'Update League', other: 'Elsewhere League' },
    ));
    await makeGuardian(t, player, child);
  });
  afterAll(() => t.close());

  const send = (method: 'PUT' | 'POST', url: string, payload: unknown, member?: TestMember) =>
    t.app.inject({ method, url, payload: payload as object, headers: member ? member.auth : {} });

  describe('PUT /api/app/profile/{id}', () => {
    const body = {
      firstName: 'Robin',
      lastName: 'Keeper',
      email: 'robin@example.org',
      dateOfBirth: '2012-04-05',
    };
    const url = (id: string) => `/api/app/profile/${id}`;

    it('401 anonymous, 404 another organization, 403 a peer or a manager of other levels', async () => {
      expect((await send('PUT', url(player.profileId), body)).statusCode).toBe(401);
      expect((await send('PUT', url(outsider.profileId), body, manager)).statusCode).toBe(404);
      expect((await send('PUT', url(sibling.profileId), body, player)).statusCode).toBe(403);
      expect((await send('PUT', url(divisionPlayer.profileId), body, manager)).statusCode).toBe(403);
      expect((await profileRow(t, sibling.profileId)).firstName).not.toBe('Robin');
    });

    it('400 with field errors and nothing changed', async () => {
      const before = await profileRow(t, player.profileId);
      const res = await send(
        'PUT',
        url(player.profileId),
        { firstName: ' ', lastName: 'x'.repeat(101), email: 'nope', dateOfBirth: '2999-01-01' },
        player,
      );
      expect(res.statusCode).toBe(400);
      const fields = res
        .json()
        .error.validationErrors.map((e: { field: string }) => e.field)
        .sort();
      expect(fields).toEqual(['dateOfBirth', 'email', 'firstName', 'lastName']);
      expect(await profileRow(t, player.profileId)).toEqual(before);
    });

    it('lets the guardian edit the child, and the manager a member of the team, with an audit event', async () => {
      const res = await send('PUT', url(child.profileId), body, player);
      expect(res.statusCode).toBe(200);
      expect(profileSchema.parse(res.json())).toMatchObject({
        id: child.profileId,
        firstName: 'Robin',
        lastName: 'Keeper',
        email: 'robin@example.org',
        dateOfBirth: '2012-04-05',
        organizationName: 'Update League',
      });
      const cleared = await send(
        'PUT',
        url(child.profileId),
        { firstName: 'Robin', lastName: 'Keeper', email: '', dateOfBirth: '' },
        manager,
      );
      expect(cleared.json()).toMatchObject({ email: null, dateOfBirth: null });
      expect(await auditActionsFor(t, org.id, child.profileId)).toEqual([
        'profile.updated',
        'profile.updated',
      ]);
    });
  });

  describe('PUT /api/app/profile/name-last-name-dob', () => {
    const url = '/api/app/profile/name-last-name-dob';
    it('401 anonymous, 404 without an organization, 400 bad input with nothing changed', async () => {
      expect((await send('PUT', url, { firstName: 'A', lastName: 'B' })).statusCode).toBe(401);
      await t.createUser({ email: 'loner@example.org' });
      const loner = await t.signIn('loner@example.org');
      const none = await t.app.inject({
        method: 'PUT',
        url,
        payload: { firstName: 'A', lastName: 'B', dateOfBirth: null },
        headers: { authorization: `Bearer ${loner.access_token}` },
      });
      expect(none.statusCode).toBe(404);
      const bad = await send(
        'PUT',
        url,
        { firstName: '', lastName: 'B', dateOfBirth: '1899-12-31' },
        sibling,
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.validationErrors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'firstName', message: 'Enter the first name' }),
          expect.objectContaining({
            field: 'dateOfBirth',
            message: 'The date of birth cannot be before 1900',
          }),
        ]),
      );
    });

    it('renames the current profile and the identity account; the next token carries the names', async () => {
      const res = await send(
        'PUT',
        url,
        { firstName: 'Sasha', lastName: 'Striker', dateOfBirth: '2001-02-03' },
        sibling,
      );
      expect(res.statusCode).toBe(200);
      expect(accountUserSchema.parse(res.json())).toEqual({
        id: sibling.userId,
        firstName: 'Sasha',
        lastName: 'Striker',
        email: sibling.email,
        dateOfBirth: '2001-02-03',
      });
      expect(await profileRow(t, sibling.profileId)).toMatchObject({
        firstName: 'Sasha',
        dateOfBirth: '2001-02-03',
      });
      expect(await t.app.identityDirectory.findUser(sibling.userId ?? '')).toMatchObject({
        firstName: 'Sasha',
        lastName: 'Striker',
      });
      const token = (await t.signIn(sibling.email)).access_token;
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
      expect(claims['User/FirstName']).toBe('Sasha');
      expect(await auditActionsFor(t, org.id, sibling.profileId)).toContain('profile.names_updated');
    });
  });

  describe('POST /api/app/profile/{id}/set-date-of-birth', () => {
    const url = (id: string) => `/api/app/profile/${id}/set-date-of-birth`;
    const body = () => ({ dateOfBirth: '2010-06-15', profileLevelAccessId: child.profileLevelAccessId });

    it('401 anonymous, 404 another organization, 403 a peer', async () => {
      expect((await send('POST', url(child.profileId), body())).statusCode).toBe(401);
      expect(
        (
          await send(
            'POST',
            url(outsider.profileId),
            { dateOfBirth: '2010-06-15', profileLevelAccessId: outsider.profileLevelAccessId },
            manager,
          )
        ).statusCode,
      ).toBe(404);
      expect((await send('POST', url(child.profileId), body(), sibling)).statusCode).toBe(403);
    });

    it('400 for a future or pre-1900 date, a bad access, or an access of another profile; nothing changed', async () => {
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      for (const [payload, field] of [
        [{ ...body(), dateOfBirth: tomorrow }, 'dateOfBirth'],
        [{ ...body(), dateOfBirth: '1899-12-31' }, 'dateOfBirth'],
        [{ ...body(), dateOfBirth: '2010-02-30' }, 'dateOfBirth'],
        [{ ...body(), profileLevelAccessId: 'x' }, 'profileLevelAccessId'],
        [{ ...body(), profileLevelAccessId: player.profileLevelAccessId }, 'profileLevelAccessId'],
      ] as const) {
        const res = await send('POST', url(child.profileId), payload, player);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.validationErrors[0].field).toBe(field);
      }
      expect((await profileRow(t, child.profileId)).dateOfBirth).not.toBe('2010-06-15');
    });

    it('204 for the guardian, and the date is stored', async () => {
      const res = await send('POST', url(child.profileId), body(), player);
      expect(res.statusCode).toBe(204);
      expect((await profileRow(t, child.profileId)).dateOfBirth).toBe('2010-06-15');
      expect(await auditActionsFor(t, org.id, child.profileId)).toContain('profile.date_of_birth_set');
    });
  });

  describe('POST /api/app/profile/save-citizenship-data', () => {
    const url = '/api/app/profile/save-citizenship-data';
    it('401 anonymous, 404 another organization, 403 a peer, 400 a code off the ISO list', async () => {
      const body = { profileId: player.profileId, countryCode: 'CA', isCitizen: true };
      expect((await send('POST', url, body)).statusCode).toBe(401);
      expect((await send('POST', url, { ...body, profileId: outsider.profileId }, manager)).statusCode).toBe(
        404,
      );
      expect((await send('POST', url, body, sibling)).statusCode).toBe(403);
      const bad = await send(
        'POST',
        url,
        { ...body, countryCode: 'XX', documentType: 'Library card' },
        player,
      );
      expect(bad.statusCode).toBe(400);
      expect(validationFields(bad)).toEqual(['countryCode', 'documentType']);
      expect((await profileRow(t, player.profileId)).citizenship).toBeNull();
    });

    it('204 and the answers are stored on the profile', async () => {
      const res = await send(
        'POST',
        url,
        {
          profileId: player.profileId,
          countryCode: 'CA',
          isCitizen: true,
          documentType: 'GovernmentIssuedPassport',
        },
        manager,
      );
      expect(res.statusCode).toBe(204);
      expect((await profileRow(t, player.profileId)).citizenship).toMatchObject({
        countryCode: 'CA',
        isCitizen: true,
        documentType: 'GovernmentIssuedPassport',
        savedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    });
  });
});
