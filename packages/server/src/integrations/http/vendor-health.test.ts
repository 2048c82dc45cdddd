import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVendorHttpClient } from './http-client.ts';
import { vendorHealth } from './vendor-health.ts';

let server: Server;
let baseUrl: string;
const quiet = { info() {}, warn() {} };

beforeAll(async () => {
  // A vendor that is up on /ok and failing (503) everywhere else.
  server = createServer((req, res) => {
    res.writeHead(req.url === '/ok' ? 200 : 503, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('vendorHealth', () => {
  it("shows each vendor's circuit and its latest calls' outcomes, as the health page reads them", async () => {
    const vendor = `health-probe-${crypto.randomUUID()}`;
    const client = createVendorHttpClient({
      vendor,
      baseUrl,
      logger: quiet,
      retries: 0,
      breaker: { failureThreshold: 2, cooldownMs: 60_000 },
    });
    await client.call({ method: 'GET', path: '/ok' });
    expect(vendorHealth().find((v) => v.vendor === vendor)).toEqual({
      vendor,
      circuit: 'closed',
      recentCalls: 1,
      recentFailures: 0,
    });
    for (let i = 0; i < 2; i++) await client.call({ method: 'GET', path: '/down' }).catch(() => undefined);
    expect(vendorHealth().find((v) => v.vendor === vendor)).toEqual({
      vendor,
      circuit: 'open',
      recentCalls: 3,
      recentFailures: 2,
    });
    await client.close();
  });
});
