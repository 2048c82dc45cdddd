import { getIronSession } from 'iron-session';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSessionSchema } from '@touchline/contracts/auth';
import { createTestApp, testSessionPassword, type TestApp } from '../../test/app.ts';
import { webSessions } from '../db/schema/index.ts';
import { sessionCookieName } from './cookie.ts';
import { refreshGraceSeconds } from './session.service.ts';

function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const value = /touchline_session=([^;]*)/.exec(header ?? '')?.[1];
  if (value === undefined) throw new Error('no session cookie was set');
  return value;
}

/** Signs `email` in and stores the session through POST /api/active-user-session-set, as the web does. */
async function setSession(t: TestApp, email: string, options: { roles?: string[]; remember?: boolean } = {}) {
  const tokens = await t.signIn(email);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/active-user-session-set',
    payload: {
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      authTime: Number(decodeJwt(tokens.access_token).auth_time) * 1000,
      roles: options.roles ?? [],
      remember: options.remember ?? true,
    },
  });
  return { res, tokens, cookie: res.statusCode === 204 ? cookieFrom(res.headers['set-cookie']) : '' };
}

const withCookie = (cookie: string) => ({ cookie: `${sessionCookieName}=${cookie}` });

/** POST /api/refresh-token with a cookie, as the web's session store does. */
function refreshWith(t: TestApp, cookie: string, payload: Record<string, unknown> = { profileId: '' }) {
  return t.app.inject({ method: 'POST', url: '/api/refresh-token', headers: withCookie(cookie), payload });
}

describe('web session routes (spec §7)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ INTERCOM_SECRET: 'intercom-secret-for-tests' });
    await t.createUser({ email: 'coach@example.org', roles: ['Manager'] });
  });
  afterAll(() => t.close());

  const startSession = (remember = true) =>
    setSession(t, 'coach@example.org', { roles: ['Operator'], remember });

  it('stores the session in a sealed HttpOnly, SameSite=Lax cookie and answers 204', async () => {
    const { res, tokens } = await startSession();
    expect(res.statusCode).toBe(204);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).toMatch(/Max-Age=1209540/);
    expect(header).not.toMatch(/Secure/);
    expect(header).not.toContain(tokens.refresh_token);
  });

  it('keeps a non-remembered session for the browser session only', async () => {
    const { res } = await startSession(false);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Max-Age/);
  });

  it('seals the cookie so iron-session itself reads it (interoperable format and password)', async () => {
    const { cookie, tokens } = await startSession();
    const req = { headers: { cookie: `${sessionCookieName}=${cookie}` } } as unknown as Parameters<
      typeof getIronSession
    >[0];
    const res = { getHeader: () => undefined, setHeader: () => undefined } as unknown as Parameters<
      typeof getIronSession
    >[1];
    const session = await getIronSession<Record<string, unknown>>(req, res, {
      password: testSessionPassword,
      cookieName: sessionCookieName,
    });
    expect(session.token).toBe(tokens.access_token);
    expect(session.refresh_token).toBe(tokens.refresh_token);
    // Role migration: the legacy Operator sent at sign-in is stored as Manager.
    expect(session.roles).toEqual(['Manager']);
  });

  it('refuses bad bodies (400), invalid tokens (401) and a cookie over 4096 bytes', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/active-user-session-set',
      payload: { token: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.validationErrors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['refresh_token', 'authTime', 'roles', 'remember']),
    );
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/active-user-session-set',
      payload: { token: 'forged.token.value', refresh_token: 'r', authTime: 1, roles: [], remember: true },
    });
    expect(forged.statusCode).toBe(401);
    const tokens = await t.signIn('coach@example.org');
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/active-user-session-set',
      payload: {
        token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        authTime: 1,
        roles: Array.from({ length: 300 }, (_, i) => `Role ${i}`),
        remember: true,
      },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['set-cookie']).toBeUndefined();
  });

  it('restores the session from the cookie, and reads a missing or tampered cookie as signed out', async () => {
    const { cookie, tokens } = await startSession();
    const res = await t.app.inject({ url: '/api/session', headers: withCookie(cookie) });
    expect(webSessionSchema.parse(res.json())).toMatchObject({
      token: tokens.access_token,
      roles: ['Manager'],
      remember: true,
    });
    expect(res.json()).not.toHaveProperty('refresh_token');
    const none = await t.app.inject({ url: '/api/session' });
    expect(none.json()).toEqual({ token: null, authTime: null, roles: [], remember: false });
    const tampered = await t.app.inject({
      url: '/api/session',
      headers: withCookie(cookie.slice(0, -4) + 'AAAA'),
    });
    expect(tampered.json().token).toBeNull();
  });

  it('refreshes through the cookie, rotating the refresh token; an old cookie past the grace window ends the session', async () => {
    const { cookie } = await startSession();
    const res = await refreshWith(t, cookie);
    expect(res.statusCode).toBe(200);
    const newCookie = cookieFrom(res.headers['set-cookie']);
    expect(newCookie).not.toBe(cookie);
    expect(res.json().token).toEqual(expect.any(String));
    // Within the grace window the old cookie gets the same rotation's tokens (a request that crossed the first).
    const late = await refreshWith(t, cookie);
    expect(late.statusCode).toBe(200);
    expect(cookieFrom(late.headers['set-cookie'])).not.toBe(cookie);
    // Past it, the old cookie presents a used-up refresh token: the family is revoked and the session ends.
    await t.database.db
      .update(webSessions)
      .set({ rotatedAt: new Date(Date.now() - (refreshGraceSeconds + 1) * 1000) });
    const replay = await refreshWith(t, cookie);
    expect(replay.statusCode).toBe(401);
    expect(String(replay.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const after = await refreshWith(t, newCookie);
    expect(after.statusCode).toBe(401);
  });

  it('two tabs refreshing at once share one rotation instead of tripping reuse detection', async () => {
    const { cookie } = await startSession();
    const refresh = () => refreshWith(t, cookie);
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().token).toBe(b.json().token);
    expect(cookieFrom(a.headers['set-cookie'])).not.toBe(cookie);
    // The family is intact: the rotated cookie refreshes again.
    const next = await refreshWith(t, cookieFrom(a.headers['set-cookie']));
    expect(next.statusCode).toBe(200);
    expect(cookieFrom(next.headers['set-cookie'])).not.toBe(cookieFrom(a.headers['set-cookie']));
  });

  it('refuses a refresh without a session, with a refresh token of another session, or a bad body', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { profileId: '' } }))
        .statusCode,
    ).toBe(401);
    const { cookie } = await startSession();
    const other = await refreshWith(t, cookie, { profileId: '', refreshToken: 'someone-elses-token' });
    expect(other.statusCode).toBe(401);
    const bad = await refreshWith(t, cookie, { refreshToken: 5 });
    expect(bad.statusCode).toBe(400);
  });

  it('signs out server-side: the cookie is cleared, and a copy of it no longer works anywhere', async () => {
    const { cookie, tokens } = await startSession();
    const res = await t.app.inject({ url: '/api/logout-session-set', headers: withCookie(cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      logoutUrl: `/connect/endsession?post_logout_redirect_uri=${encodeURIComponent('/signin')}`,
    });
    expect(String(res.headers['set-cookie'])).toMatch(/touchline_session=;.*Max-Age=0/);
    expect(
      (await t.app.inject({ url: '/api/session', headers: withCookie(cookie) })).json().token,
    ).toBeNull();
    expect((await refreshWith(t, cookie)).statusCode).toBe(401);
    // The refresh token was revoked at the identity service too.
    const direct = await t.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: 'touchline-web',
        refresh_token: tokens.refresh_token,
      }).toString(),
    });
    expect(direct.json().error).toBe('invalid_grant');
    const end = await t.app.inject(res.json().logoutUrl);
    expect(end.statusCode).toBe(302);
    expect(end.headers.location).toBe('/signin');
  });

  it('refuses cross-site requests to the session routes (CSRF)', async () => {
    const { cookie } = await startSession();
    const crossSite = await t.app.inject({
      url: '/api/logout-session-set',
      headers: { ...withCookie(cookie), 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const evilOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/refresh-token',
      headers: { ...withCookie(cookie), origin: 'https://evil.example' },
      payload: { profileId: '' },
    });
    expect(evilOrigin.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      url: '/api/session',
      headers: {
        ...withCookie(cookie),
        'sec-fetch-site': 'same-origin',
        origin: 'http://localhost:80',
        host: 'localhost:80',
      },
    });
    expect(sameOrigin.statusCode).toBe(200);
    expect(sameOrigin.json().token).not.toBeNull();
  });

  it('signs a support-chat JWT for the signed-in user only', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/intercom-jwt' })).statusCode).toBe(401);
    const { cookie, tokens } = await startSession();
    const res = await t.app.inject({ method: 'POST', url: '/api/intercom-jwt', headers: withCookie(cookie) });
    expect(res.statusCode).toBe(200);
    const { payload } = await jwtVerify(
      res.json().intercom_user_jwt,
      new TextEncoder().encode('intercom-secret-for-tests'),
    );
    expect(payload).toMatchObject({
      user_id: decodeJwt(tokens.access_token).sub,
      email: 'coach@example.org',
    });
  });

  it('policy acceptance answers 204 and the refreshed token carries the claim', async () => {
    await t.createUser({ email: 'newbie@example.org', acceptedPolicies: false });
    const { tokens, cookie } = await setSession(t, 'newbie@example.org', { remember: false });
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    for (const acceptedType of ['terms', 'privacy']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/app/user-acceptance/accept',
        headers: auth,
        payload: { acceptedType },
      });
      expect(res.statusCode).toBe(204);
    }
    const refreshed = await refreshWith(t, cookie);
    const claims = decodeJwt(refreshed.json().token);
    expect(claims['User/TermsAccepted']).toEqual(expect.any(String));
    expect(claims['User/PrivacyAccepted']).toEqual(expect.any(String));
  });
});

describe('web session cookie over TLS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://app.example.org' });
    await t.createUser({ email: 'tls@example.org' });
  });
  afterAll(() => t.close());

  it('marks the cookie Secure and returns to the public origin after sign-out', async () => {
    const { res } = await setSession(t, 'tls@example.org');
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    const out = await t.app.inject({ url: '/api/logout-session-set' });
    expect(out.json().logoutUrl).toContain(encodeURIComponent('https://app.example.org/signin'));
    const wrongOrigin = await t.app.inject({
      url: '/api/session',
      headers: { origin: 'http://app.example.org' },
    });
    expect(wrongOrigin.statusCode).toBe(403);
  });

  it('answers 503 for the support-chat JWT when no secret is configured', async () => {
    const { cookie } = await setSession(t, 'tls@example.org');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/intercom-jwt',
      headers: withCookie(cookie),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('The support chat is not configured');
  });
});
