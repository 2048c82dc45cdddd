import Fastify from 'fastify';
import { SignJWT, createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIdentityApp } from './build-identity-app.ts';
import { createSigningKey, loadOrCreateSigningKey, type SigningKey } from './signing-keys.ts';

describe('identity discovery and JWKS', () => {
  const app = Fastify();
  let key: SigningKey;
  beforeAll(async () => {
    key = await createSigningKey();
    await buildIdentityApp(app, { issuer: 'http://id.test', signingKey: key });
    await app.ready();
  });
  afterAll(() => app.close());

  it('publishes an OpenID discovery document naming the JWKS and token endpoints', async () => {
    const res = await app.inject('/.well-known/openid-configuration');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://id.test',
      jwks_uri: 'http://id.test/.well-known/jwks.json',
      token_endpoint: 'http://id.test/connect/token',
    });
  });

  it('publishes only the public key, and a token signed with the private key verifies from JWKS alone', async () => {
    const res = await app.inject('/.well-known/jwks.json');
    const jwks = res.json<{ keys: Record<string, unknown>[] }>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
    const token = await new SignJWT({ sub: 'u1' })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
      .setIssuer('http://id.test')
      .setExpirationTime('5m')
      .sign(key.privateKey);
    const { payload } = await jwtVerify(token, createLocalJWKSet(res.json()), { issuer: 'http://id.test' });
    expect(payload.sub).toBe('u1');
  });

  it('keeps the same key across restarts and writes it readable by the owner only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-keys-'));
    const first = await loadOrCreateSigningKey(dir);
    const second = await loadOrCreateSigningKey(dir);
    expect(second.kid).toBe(first.kid);
    expect(second.publicJwk).toEqual(first.publicJwk);
    expect(fs.statSync(path.join(dir, 'signing-key.json')).mode & 0o077).toBe(0);
    fs.rmSync(dir, { recursive: true });
  });
});
