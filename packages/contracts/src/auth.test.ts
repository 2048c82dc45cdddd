import { describe, expect, it } from 'vitest';

import {
  activeUserSessionSetBodySchema,
  intercomJwtResponseSchema,
  isAccessTokenExpired,
  isLoggedIn,
  isSupportChatAvailable,
  passwordGrantFormSchema,
  passwordGrantType,
  refreshTokenBodySchema,
  securitySessionSchema,
  tokenResponseSchema,
} from './auth.ts';

const session = { token: 'a.b.c', refresh_token: 'r1', authTime: 1_700_000_000_000 };

describe('session bodies (spec §3, §7)', () => {
  it('the security session is token, refresh_token, authTime', () => {
    expect(Object.keys(securitySessionSchema.shape)).toEqual(['token', 'refresh_token', 'authTime']);
    expect(securitySessionSchema.parse(session)).toEqual(session);
    expect(securitySessionSchema.safeParse({ ...session, authTime: '1' }).success).toBe(false);
    expect(securitySessionSchema.safeParse({ ...session, token: '' }).success).toBe(false);
  });

  it('the session-set body adds roles and remember', () => {
    expect(Object.keys(activeUserSessionSetBodySchema.shape)).toEqual([
      'token',
      'refresh_token',
      'authTime',
      'roles',
      'remember',
    ]);
    const body = { ...session, roles: ['Admin'], remember: true };
    expect(activeUserSessionSetBodySchema.parse(body)).toEqual(body);
    expect(
      activeUserSessionSetBodySchema.safeParse({ ...session, roles: 'Admin', remember: true }).success,
    ).toBe(false);
  });

  it('the refresh body is profileId and refreshToken', () => {
    expect(Object.keys(refreshTokenBodySchema.shape)).toEqual(['profileId', 'refreshToken']);
    expect(refreshTokenBodySchema.safeParse({ refreshToken: 'r' }).success).toBe(false);
    expect(refreshTokenBodySchema.safeParse({ profileId: '', refreshToken: '' }).success).toBe(false);
    expect(refreshTokenBodySchema.parse({ profileId: '' })).toEqual({ profileId: '' });
  });

  it('the support-chat answer carries intercom_user_jwt', () => {
    expect(intercomJwtResponseSchema.parse({ intercom_user_jwt: 'j' })).toEqual({ intercom_user_jwt: 'j' });
    expect(intercomJwtResponseSchema.safeParse({ jwt: 'j' }).success).toBe(false);
  });
});

describe('identity token call (spec §7)', () => {
  it('signs in with the password grant form fields', () => {
    expect(passwordGrantType).toBe('password');
    expect(Object.keys(passwordGrantFormSchema.shape)).toEqual([
      'client_id',
      'grant_type',
      'scope',
      'username',
      'password',
    ]);
    const form = { client_id: 'web', grant_type: 'password', scope: 'openid', username: 'u', password: 'p' };
    expect(passwordGrantFormSchema.parse(form)).toEqual(form);
    expect(passwordGrantFormSchema.safeParse({ ...form, grant_type: 'client_credentials' }).success).toBe(
      false,
    );
  });

  it('answers access_token, refresh_token, token_type Bearer and expires_in', () => {
    const answer = { access_token: 'a', refresh_token: 'r', token_type: 'Bearer', expires_in: 300 };
    expect(tokenResponseSchema.parse({ ...answer, scope: 'openid' })).toEqual(answer);
    expect(tokenResponseSchema.safeParse({ access_token: 'a' }).success).toBe(false);
    expect(tokenResponseSchema.safeParse({ ...answer, token_type: 'mac' }).success).toBe(false);
  });
});

describe('logged-in rule (spec §4)', () => {
  const now = session.authTime + 1;

  it('needs a token whose authTime is earlier than now', () => {
    expect(isLoggedIn(session, now)).toBe(true);
    expect(isLoggedIn(session, session.authTime)).toBe(false);
    expect(isLoggedIn({ ...session, token: '' }, now)).toBe(false);
    expect(isLoggedIn({ token: 'a.b.c' }, now)).toBe(false);
    expect(isLoggedIn({ token: null, authTime: 0 }, now)).toBe(false);
  });

  it('is false before session state is loaded', () => {
    expect(isLoggedIn(undefined, now)).toBe(false);
    expect(isLoggedIn(null, now)).toBe(false);
  });

  it('an access token is expired from its exp second on', () => {
    expect(isAccessTokenExpired(1000, 999_999)).toBe(false);
    expect(isAccessTokenExpired(1000, 1_000_000)).toBe(true);
    expect(isAccessTokenExpired(1000, 1_000_001)).toBe(true);
  });
});

describe('support chat availability (spec §1)', () => {
  it('is for signed-in users outside /admin', () => {
    expect(isSupportChatAvailable('/dashboard', true)).toBe(true);
    expect(isSupportChatAvailable('/dashboard', false)).toBe(false);
    expect(isSupportChatAvailable('/admin', true)).toBe(false);
    expect(isSupportChatAvailable('/admin/organizations', true)).toBe(false);
  });
});
