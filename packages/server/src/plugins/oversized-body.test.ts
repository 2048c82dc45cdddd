import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { sendOversized } from '../fuzz/route-fuzz.ts';

// Issue 28 item 4: a body over a route's limit was answered with a reset (the client saw EPIPE) rather than a
// readable 413. Over a real socket, 6 MB (more than loopback's buffers take in): the client sends it all, then reads
// the whole answer. Without the drain both fail with EPIPE.
let t: TestApp;
let address = { host: '127.0.0.1', port: 0 };
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  address = { host: '127.0.0.1', port: (t.app.server.address() as net.AddressInfo).port };
});
afterAll(async () => t.close());

const sixMegabytes = 6 * 1024 * 1024;

describe('a body over the route’s limit', () => {
  it('gets a readable 413 on the webhook route (1 MB)', async () => {
    const post = { method: 'POST', path: '/api/webhooks/stripe', headers: {} };
    expect(await sendOversized(address, post, sixMegabytes)).toEqual({ status: 413 });
  });

  it('gets a readable 413 over the 1 MB API limit (an anonymous call)', async () => {
    const post = { method: 'POST', path: '/api/app/app-users/register-account', headers: {} };
    expect(await sendOversized(address, post, sixMegabytes)).toEqual({ status: 413 });
  });

  it('gets a readable answer when the body’s type is one the route does not take (the token endpoint)', async () => {
    const post = { method: 'POST', path: '/connect/token', headers: {} };
    const result = await sendOversized(address, post, sixMegabytes);
    expect(result.error).toBeUndefined();
    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(result.status).toBeLessThan(500);
  });
});
