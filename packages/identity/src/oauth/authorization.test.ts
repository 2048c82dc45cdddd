import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type IdentityHarness } from '../../test/harness.ts';
import type { PartnerClient } from '../config.ts';
import { identityAuditEvents } from '../db/schema.ts';
import { ensureUser } from '../demo.ts';

const secret = 'partner-client-secret-0123456789abcdef';
const client: PartnerClient = {
  clientId: 'leagueapps-sandbox',
  name: 'LeagueApps sandbox',
  provider: 'LeagueApps',
  secret,
  redirectUris: ['https://partner.test/callback'],
};
const directorySecret = 'directory-secret-0123456789abcdef0123456789';
const issuer = 'http://id.test';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

async function assertion(claims: { sub?: string; site?: string; key?: string; lifetime?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ site: claims.site ?? '4242' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(client.clientId)
    .setAudience(issuer)
    .setSubject(claims.sub ?? 'member-7')
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.lifetime ?? 120))
    .sign(new TextEncoder().encode(claims.key ?? secret));
}

describe('partner sign-in: authorization code + PKCE (ADR 041)', () => {
  let id: IdentityHarness;
  let userId: string;
  const internal = { authorization: `Bearer ${directorySecret}` };

  beforeAll(async () => {
    id = await startIdentity({ partnerClients: [client], directorySecret });
    userId = await ensureUser(
      id.db,
      {
        email: 'ann@example.org',
        password: 'correct horse battery',
        firstName: 'Ann',
        lastName: 'Lee',
        roles: [],
      },
      { currentProfileId: null, acceptedPolicies: true },
    );
  });
  afterAll(() => id.close());

  const authorize = async (params: Record<string, string>) =>
    id.app.inject({ method: 'GET', url: `/connect/authorize?${new URLSearchParams(params).toString()}` });
  const validParams = async (challenge: string, extra: Record<string, string> = {}) => ({
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: client.redirectUris[0] ?? '',
    state: 'state-123',
    nonce: 'nonce-456',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    member_assertion: await assertion(),
    ...extra,
  });
  /** Runs the front channel: authorize, then the member's approval through the product's directory call. */
  async function codeFor(challenge: string): Promise<string> {
    const res = await authorize(await validParams(challenge));
    expect(res.statusCode).toBe(302);
    const consent = new URL(res.headers.location ?? '');
    expect(`${consent.origin}${consent.pathname}`).toBe('http://app.test/partner-sign-in');
    const requestId = consent.searchParams.get('request') ?? '';
    const read = await id.app.inject({
      method: 'GET',
      url: `/internal/directory/authorization-requests/${requestId}`,
      headers: internal,
    });
    expect(read.json()).toMatchObject({
      clientName: 'LeagueApps sandbox',
      partnerMemberId: 'member-7',
      partnerSite: '4242',
    });
    const answer = await id.app.inject({
      method: 'POST',
      url: `/internal/directory/authorization-requests/${requestId}/answer`,
      headers: internal,
      payload: { userId, approve: true },
    });
    const back = new URL(answer.json<{ redirectUrl: string }>().redirectUrl);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('iss')).toBe(issuer);
    // Answered once: a second answer finds nothing.
    const again = await id.app.inject({
      method: 'POST',
      url: `/internal/directory/authorization-requests/${requestId}/answer`,
      headers: internal,
      payload: { userId, approve: true },
    });
    expect(again.statusCode).toBe(404);
    return back.searchParams.get('code') ?? '';
  }
  const exchange = (fields: Record<string, string>, basic = `${client.clientId}:${secret}`) =>
    id.app.inject({
      method: 'POST',
      url: '/connect/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(basic).toString('base64')}`,
      },
      payload: new URLSearchParams({ grant_type: 'authorization_code', ...fields }).toString(),
    });

  it('signs the member in for the partner: code for tokens bound to the client, ID token with the nonce', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor(challenge);
    const res = await exchange({ code, redirect_uri: client.redirectUris[0] ?? '', code_verifier: verifier });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<{
      access_token: string;
      id_token: string;
      refresh_token?: string;
      scope: string;
    }>();
    expect(body.refresh_token).toBeUndefined();
    expect(body.scope).toBe('openid profile email');
    const jwks = createLocalJWKSet(await id.keys.jwks());
    const { payload: idToken } = await jwtVerify(body.id_token, jwks, { issuer, audience: client.clientId });
    expect(idToken).toMatchObject({ sub: userId, nonce: 'nonce-456', partner_member_id: 'member-7' });
    const { payload: access } = await jwtVerify(body.access_token, jwks);
    expect(access).toMatchObject({ sub: userId, client_id: client.clientId });
    const info = await id.app.inject({
      method: 'GET',
      url: '/connect/userinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(info.json()).toEqual({
      sub: userId,
      name: 'Ann Lee',
      given_name: 'Ann',
      family_name: 'Lee',
      email: 'ann@example.org',
    });
    // Bound to the client: the member's own account calls refuse it.
    const accept = await id.app.inject({
      method: 'POST',
      url: '/api/app/user-acceptance/accept',
      headers: { authorization: `Bearer ${body.access_token}` },
      payload: { acceptedType: 1 },
    });
    expect(accept.statusCode).toBe(401);
    // A reused code is refused and revokes what it issued.
    const reused = await exchange({
      code,
      redirect_uri: client.redirectUris[0] ?? '',
      code_verifier: verifier,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });
    const revoked = await id.app.inject({
      method: 'GET',
      url: '/connect/userinfo',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(revoked.statusCode).toBe(401);
    const events = await id.db
      .select()
      .from(identityAuditEvents)
      .where(eq(identityAuditEvents.userId, userId));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['oauth.authorized', 'oauth.token-issued', 'oauth.code-reused']),
    );
  });

  it('refuses a wrong verifier, a wrong redirect URI, an expired code and a wrong client secret', async () => {
    const redirect = client.redirectUris[0] ?? '';
    const a = pkce();
    const codeA = await codeFor(a.challenge);
    const wrongVerifier = await exchange({
      code: codeA,
      redirect_uri: redirect,
      code_verifier: pkce().verifier,
    });
    expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });
    // The refused code is burnt: the right verifier no longer helps.
    expect(
      (await exchange({ code: codeA, redirect_uri: redirect, code_verifier: a.verifier })).statusCode,
    ).toBe(400);
    const b = pkce();
    const codeB = await codeFor(b.challenge);
    const wrongUri = await exchange({
      code: codeB,
      redirect_uri: 'https://partner.test/other',
      code_verifier: b.verifier,
    });
    expect(wrongUri.json()).toMatchObject({ error: 'invalid_grant' });
    const c = pkce();
    const codeC = await codeFor(c.challenge);
    const wrongSecret = await exchange(
      { code: codeC, redirect_uri: redirect, code_verifier: c.verifier },
      `${client.clientId}:nope`,
    );
    expect(wrongSecret.statusCode).toBe(401);
    expect(wrongSecret.json()).toMatchObject({ error: 'invalid_client' });
    id.advance(61);
    const expired = await exchange({ code: codeC, redirect_uri: redirect, code_verifier: c.verifier });
    expect(expired.json()).toMatchObject({ error: 'invalid_grant' });
    const missing = await exchange({ code: codeC, redirect_uri: redirect });
    expect(missing.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('never redirects to an unregistered address, and sends other errors back with state', async () => {
    const { challenge } = pkce();
    const unknownClient = await authorize(await validParams(challenge, { client_id: 'someone-else' }));
    expect(unknownClient.statusCode).toBe(400);
    const wrongUri = await authorize(
      await validParams(challenge, { redirect_uri: 'https://partner.test/callback/x' }),
    );
    expect(wrongUri.statusCode).toBe(400);
    expect(wrongUri.headers.location).toBeUndefined();
    const errorOf = async (extra: Record<string, string>) => {
      const res = await authorize(await validParams(challenge, extra));
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location ?? '');
      expect(url.origin + url.pathname).toBe('https://partner.test/callback');
      return [url.searchParams.get('error'), url.searchParams.get('state')];
    };
    expect(await errorOf({ code_challenge_method: 'plain' })).toEqual(['invalid_request', 'state-123']);
    expect(await errorOf({ code_challenge: '' })).toEqual(['invalid_request', 'state-123']);
    expect(await errorOf({ response_type: 'token' })).toEqual(['unsupported_response_type', 'state-123']);
    expect(await errorOf({ scope: 'openid admin' })).toEqual(['invalid_scope', 'state-123']);
    expect(
      await errorOf({ member_assertion: await assertion({ key: 'another-secret-0123456789abcdef' }) }),
    ).toEqual(['invalid_request', 'state-123']);
    expect(await errorOf({ member_assertion: await assertion({ lifetime: 3600 }) })).toEqual([
      'invalid_request',
      'state-123',
    ]);
    expect((await errorOf({ state: '' }))[0]).toBe('invalid_request');
  });

  it('sends access_denied when the member declines, and revokes a partner grant on unlink', async () => {
    const { verifier, challenge } = pkce();
    const res = await authorize(await validParams(challenge));
    const requestId = new URL(res.headers.location ?? '').searchParams.get('request') ?? '';
    const declined = await id.app.inject({
      method: 'POST',
      url: `/internal/directory/authorization-requests/${requestId}/answer`,
      headers: internal,
      payload: { userId, approve: false },
    });
    const back = new URL(declined.json<{ redirectUrl: string }>().redirectUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
    const code = await codeFor(challenge);
    const tokens = await exchange({
      code,
      redirect_uri: client.redirectUris[0] ?? '',
      code_verifier: verifier,
    });
    const token = tokens.json<{ access_token: string }>().access_token;
    const revoke = await id.app.inject({
      method: 'POST',
      url: '/internal/directory/partner-grants/revoke',
      headers: internal,
      payload: { userId, clientId: client.clientId },
    });
    expect(revoke.json<{ revoked: number }>().revoked).toBeGreaterThan(0);
    const info = await id.app.inject({
      method: 'GET',
      url: '/connect/userinfo',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(info.statusCode).toBe(401);
    const noSecret = await id.app.inject({
      method: 'GET',
      url: `/internal/directory/authorization-requests/${requestId}`,
    });
    expect(noSecret.statusCode).toBe(401);
  });
});
