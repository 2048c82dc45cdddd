import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelRolesResponseSchema } from '@touchline/contracts/profiles';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { demoAdminLabel, linkDemoAdminProfile, seedDemoOrganization } from '../../seeds/seed-demo.ts';

describe('GET /api/app/profile/level-roles', () => {
  let t: TestApp;
  let adminProfileId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoOrganization(t.database.db);
    adminProfileId =
      (await linkDemoAdminProfile(t.database.db, (profileId) =>
        t.createUser({ email: 'admin@demo.touchline.test', roles: ['Admin'], currentProfileId: profileId }),
      )) ?? '';
    await t.createUser({ email: 'outsider@example.org' });
  });
  afterAll(() => t.close());

  const sign = (claims: Record<string, unknown>, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: t.signingKey.kid })
      .setSubject(String(claims.sub))
      .setExpirationTime(exp)
      .sign(t.signingKey.privateKey);

  it('answers 401 without a token, with an expired one, and with one signed by another key', async () => {
    expect((await t.app.inject('/api/app/profile/level-roles')).statusCode).toBe(401);
    const tokens = await t.signIn('admin@demo.touchline.test');
    const sub = JSON.parse(Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString()).sub;
    const expired = await sign({ sub, CurrentProfileId: adminProfileId }, Math.floor(Date.now() / 1000) - 5);
    const res = await t.app.inject({
      url: '/api/app/profile/level-roles',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('The access token is invalid or has expired');
    const [header, payload] = tokens.access_token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        'User/Role': 'TouchlineAdmin',
      }),
    ).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${tokens.access_token.split('.')[2]}`;
    expect(
      (
        await t.app.inject({
          url: '/api/app/profile/level-roles',
          headers: { authorization: `Bearer ${tampered}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lists the level roles of the current profile', async () => {
    const tokens = await t.signIn('admin@demo.touchline.test');
    const res = await t.app.inject({
      url: '/api/app/profile/level-roles',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    const roles = levelRolesResponseSchema.parse(res.json());
    expect(roles).toEqual([
      expect.objectContaining({ levelName: 'Riverside Youth Soccer League', roleLabel: demoAdminLabel }),
    ]);
  });

  it('gives nothing for a user with no profile, or a token naming a profile the user does not own', async () => {
    const outsider = await t.signIn('outsider@example.org');
    const none = await t.app.inject({
      url: '/api/app/profile/level-roles',
      headers: { authorization: `Bearer ${outsider.access_token}` },
    });
    expect(none.json()).toEqual([]);
    const sub = JSON.parse(
      Buffer.from(outsider.access_token.split('.')[1] ?? '', 'base64url').toString(),
    ).sub;
    const borrowed = await sign(
      { sub, CurrentProfileId: adminProfileId },
      Math.floor(Date.now() / 1000) + 60,
    );
    const res = await t.app.inject({
      url: '/api/app/profile/level-roles',
      headers: { authorization: `Bearer ${borrowed}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('links the demo administrator idempotently', async () => {
    const again = await linkDemoAdminProfile(t.database.db, (profileId) =>
      t.createUser({ email: 'admin@demo.touchline.test', currentProfileId: profileId }),
    );
    expect(again).toBe(adminProfileId);
  });
});
