import { createLocalJWKSet, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdentity, type IdentityHarness } from '../test/harness.ts';

describe('identity discovery and JWKS', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  it('publishes an OpenID discovery document naming the JWKS, token, authorize, userinfo, revocation and end-session endpoints', async () => {
    const res = await id.app.inject('/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://id.test',
      jwks_uri: 'http://id.test/.well-known/jwks.json',
      token_endpoint: 'http://id.test/connect/token',
      revocation_endpoint: 'http://id.test/connect/revocation',
      end_session_endpoint: 'http://id.test/connect/endsession',
      authorization_endpoint: 'http://id.test/connect/authorize',
      userinfo_endpoint: 'http://id.test/connect/userinfo',
      grant_types_supported: ['password', 'refresh_token', 'authorization_code'],
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('publishes only the public key, and a token signed with the private key verifies from JWKS alone', async () => {
    const res = await id.app.inject('/.well-known/jwks.json');
    const jwks = res.json<{ keys: Record<string, unknown>[] }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const token = await new SignJWT({ sub: 'u1' })
      .setProtectedHeader({ alg: 'EdDSA', kid: id.key.kid })
      .setExpirationTime('5m')
      .sign(id.key.privateKey);
    const { payload } = await jwtVerify(token, createLocalJWKSet(res.json()));
    expect(payload.sub).toBe('u1');
  });

  it('signs out to an allow-listed return URL only', async () => {
    const ok = await id.app.inject(
      '/connect/endsession?post_logout_redirect_uri=' + encodeURIComponent('http://app.test/signin'),
    );
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe('http://app.test/signin');
    const evil = await id.app.inject(
      '/connect/endsession?post_logout_redirect_uri=' + encodeURIComponent('https://evil.example/phish'),
    );
    expect(evil.statusCode).toBe(400);
    expect(evil.headers.location).toBeUndefined();
    expect((await id.app.inject('/connect/endsession')).headers.location).toBe('http://app.test/signin');
  });
});
