import { createSandbox, type Sandbox } from '@touchline/sandbox/harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVendorHttpClient, type HttpLogger, type VendorHttpOptions } from './http-client.ts';
import { VendorCircuitOpenError, VendorHttpError, VendorUnreachableError } from './vendor-errors.ts';

// A generic sandbox with two routes stands in for any vendor: the client is tested against real HTTP and the
// harness's fault switch, not against a mocked fetch.
let sandbox: Sandbox;
let baseUrl = '';
const seen: { method: string; url: string; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  sandbox = createSandbox({
    vendor: 'acme',
    authenticate: (request) => request.headers.authorization === 'Key secret-key',
    errorBody: (status, message) => ({ error: { status, message } }),
    signWebhook: () => ({}),
  });
  sandbox.app.get('/things/:id', async (request) => ({ id: (request.params as { id: string }).id }));
  sandbox.app.post('/things', async (_request, reply) => reply.code(201).send({ created: true }));
  sandbox.app.post('/invalid', async (_request, reply) =>
    reply.code(422).send({ error: { message: 'bad' } }),
  );
  baseUrl = await sandbox.listen();
  // Counted on the raw server, before any hook: faulted and hanging requests reached the vendor too.
  sandbox.app.server.on('request', (request) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
  });
});
afterAll(() => sandbox.close());
afterEach(() => {
  sandbox.faults.clear();
  seen.length = 0;
});

function client(overrides: Partial<VendorHttpOptions> = {}, logger: HttpLogger = { info() {}, warn() {} }) {
  return createVendorHttpClient({
    vendor: 'acme',
    baseUrl,
    headers: { authorization: 'Key secret-key' },
    timeoutMs: 300,
    retries: 2,
    retryBaseMs: 5,
    logger,
    ...overrides,
  });
}

describe('the outbound vendor client', () => {
  it('retries a GET through two 500s and answers the third attempt', async () => {
    sandbox.faults.arm({ mode: 'error', remaining: 2 });
    const http = client();
    const response = await http.call<{ id: string }>({ method: 'GET', path: '/things/7' });
    expect(response).toMatchObject({ status: 200, body: { id: '7' } });
    expect(seen).toHaveLength(3);
    await http.close();
  });

  it('gives up after its retries with the vendor status, and never retries a 4xx', async () => {
    sandbox.faults.arm({ mode: 'error', status: 503 });
    const http = client();
    await expect(http.call({ method: 'GET', path: '/things/1' })).rejects.toMatchObject({ status: 503 });
    expect(seen).toHaveLength(3);
    sandbox.faults.clear();
    seen.length = 0;
    const refused = http.call({ method: 'POST', path: '/invalid', body: {}, idempotencyKey: 'k-1' });
    await expect(refused).rejects.toBeInstanceOf(VendorHttpError);
    expect(seen).toHaveLength(1);
    await http.close();
  });

  it('times out a hanging vendor, retries a GET, and sends a POST without an idempotency key only once', async () => {
    sandbox.faults.arm({ mode: 'timeout', remaining: 1 });
    const http = client();
    expect((await http.call({ method: 'GET', path: '/things/2' })).status).toBe(200);
    expect(seen).toHaveLength(2);
    seen.length = 0;
    sandbox.faults.arm({ mode: 'timeout', remaining: 1 });
    const once = http.call({ method: 'POST', path: '/things', body: {} });
    await expect(once).rejects.toEqual(new VendorUnreachableError('acme', 'timeout'));
    expect(seen).toHaveLength(1);
    await http.close();
  });

  it('retries a POST that carries an idempotency key, sending the same key every time', async () => {
    sandbox.faults.arm({ mode: 'error', remaining: 1 });
    const http = client();
    const response = await http.call({
      method: 'POST',
      path: '/things',
      body: {},
      idempotencyKey: 'order-42',
    });
    expect(response.status).toBe(201);
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);
    await http.close();
  });

  it('opens the circuit after repeated failures, refuses calls without reaching the vendor, then closes', async () => {
    sandbox.faults.arm({ mode: 'error' });
    const http = client({ retries: 0, breaker: { failureThreshold: 3, cooldownMs: 250 } });
    for (let i = 0; i < 3; i++)
      await expect(http.call({ method: 'GET', path: '/things/3' })).rejects.toThrow();
    expect(http.breaker.state).toBe('open');
    await expect(http.call({ method: 'GET', path: '/things/3' })).rejects.toBeInstanceOf(
      VendorCircuitOpenError,
    );
    expect(seen).toHaveLength(3);
    sandbox.faults.clear();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(http.breaker.state).toBe('half-open');
    expect((await http.call({ method: 'GET', path: '/things/3' })).status).toBe(200);
    expect(http.breaker.state).toBe('closed');
    await http.close();
  });

  it('reopens at once when the trial call after the cooldown fails', async () => {
    sandbox.faults.arm({ mode: 'error' });
    const http = client({ retries: 0, breaker: { failureThreshold: 1, cooldownMs: 100 } });
    await expect(http.call({ method: 'GET', path: '/things/4' })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(http.call({ method: 'GET', path: '/things/4' })).rejects.toBeInstanceOf(VendorHttpError);
    expect(http.breaker.state).toBe('open');
    await http.close();
  });

  it('sends a correlation id and logs vendor, path and status, never credentials or the query', async () => {
    const lines: object[] = [];
    const logger = { info: (obj: object) => lines.push(obj), warn: (obj: object) => lines.push(obj) };
    const http = client({}, logger);
    await http.call({
      method: 'GET',
      path: '/things/5',
      query: { email: 'child@example.org' },
      correlationId: 'req-123',
    });
    expect(seen[0]?.headers['x-correlation-id']).toBe('req-123');
    expect(seen[0]?.url).toBe('/things/5?email=child%40example.org');
    expect(lines).toEqual([
      expect.objectContaining({
        vendor: 'acme',
        method: 'GET',
        path: '/things/5',
        status: 200,
        correlationId: 'req-123',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret-key|child@example/);
    await http.close();
  });
});
