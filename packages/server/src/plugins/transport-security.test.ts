import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { hstsValue } from './transport-security.ts';

/** Signs in and stores the web session with the given request headers; returns the response. */
async function startSession(t: TestApp, headers: Record<string, string>) {
  const tokens = await t.signIn('tls@example.org');
  return t.app.inject({
    method: 'POST',
    url: '/api/active-user-session-set',
    headers,
    payload: {
      token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      authTime: Number(decodeJwt(tokens.access_token).auth_time) * 1000,
      roles: [],
      remember: true,
    },
  });
}

const forwardedHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example.org' };

describe('Secure cookie and HSTS behind a TLS-ending proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
    await t.createUser({ email: 'tls@example.org' });
  });
  afterAll(() => t.close());

  it('marks the cookie Secure and sends HSTS when the proxy says https', async () => {
    const res = await startSession(t, forwardedHttps);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    expect(res.headers['strict-transport-security']).toBe(hstsValue);
    const health = await t.app.inject({ url: '/healthz', headers: forwardedHttps });
    expect(health.headers['strict-transport-security']).toBe(hstsValue);
  });

  it('sends neither on plain http', async () => {
    const res = await startSession(t, {});
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const forwardedHttp = await t.app.inject({ url: '/healthz', headers: { 'x-forwarded-proto': 'http' } });
    expect(forwardedHttp.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Secure cookie and HSTS in production on plain http, without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production settings; the database URL is only read by the config, the test app opens its own database.
    t = await createTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://127.0.0.1:1/unused',
      SMTP_URL: 'smtp://127.0.0.1:1',
      PUBLIC_URL: 'http://localhost:3000',
      IDENTITY_KEY_ENCRYPTION_KEY: 'k'.repeat(32),
    });
    await t.createUser({ email: 'tls@example.org' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-Proto from an untrusted client', async () => {
    const res = await startSession(t, { ...forwardedHttps, origin: 'http://localhost:3000' });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Secure cookie and HSTS with an https PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://app.example.org' });
  });
  afterAll(() => t.close());

  it('sends HSTS on every response', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe(hstsValue);
  });
});
