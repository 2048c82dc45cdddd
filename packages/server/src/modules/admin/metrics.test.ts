import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { addTestUser } from '../../../test/factories.ts';
import { createVendorHttpClient } from '../../integrations/http/http-client.ts';

const token = 'metrics-token-0123456789abcdef';
let t: TestApp;
let vendor: Server;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: token });
  vendor = createServer((_req, res) => {
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => vendor.close(() => resolve()));
});

const scrape = (authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

describe('GET /metrics', () => {
  it('does not exist without the scraper token, nor for a user token', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape('Bearer wrong-token-0123456789abcdef')).statusCode).toBe(404);
    const admin = await addTestUser(t, ['TouchlineAdmin']);
    expect((await scrape(admin.auth.authorization)).statusCode).toBe(404);
  });

  it('counts requests per route and status, times them, and shows queue depth and vendor calls', async () => {
    await t.app.inject({ url: '/api/app/admin/health' });
    await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/forgot-password',
      payload: { email: 'nobody-metrics@example.org' },
    });
    const user = await addTestUser(t);
    await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/forgot-password',
      payload: { email: user.email },
    });
    const client = createVendorHttpClient({
      vendor: 'metrics-probe',
      baseUrl: `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`,
      logger: { info() {}, warn() {} },
      retries: 0,
    });
    await client.call({ method: 'GET', path: '/' }).catch(() => undefined);
    await client.close();

    const res = await scrape(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(
      'http_requests_total{method="GET",route="/api/app/admin/health",status="401"} 1',
    );
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/app\/admin\/health"\} 1/,
    );
    expect(res.body).toMatch(/job_queue_depth\{queue="mail\.send",state="created"\} [1-9]/);
    expect(res.body).toContain('vendor_calls_total{vendor="metrics-probe",outcome="failed"} 1');
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('is absent when no token is configured', async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
