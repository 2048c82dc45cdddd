import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './harness.ts';

let sandbox: Sandbox;
let base = '';
let receiver: http.Server;
let receiverUrl = '';
const got: { signature: string | undefined; id: string }[] = [];
let failNext = 0;

beforeAll(async () => {
  sandbox = createSandbox({
    vendor: 'acme',
    authenticate: (request) => request.headers.authorization === 'Bearer k',
    errorBody: (status, message) => ({ error: { status, message } }),
    signWebhook: (body) => ({ 'x-acme-signature': `sig:${body.length}` }),
  });
  sandbox.app.get('/ping', async () => ({ pong: true }));
  base = await sandbox.listen();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        response.writeHead(500).end();
        return;
      }
      got.push({
        signature: request.headers['x-acme-signature'] as string,
        id: (JSON.parse(body) as { id: string }).id,
      });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  sandbox.webhooks.addEndpoint(receiverUrl);
  sandbox.webhooks.configure({ retryDelayMs: 10 });
});
afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(() => {
  got.length = 0;
  sandbox.faults.clear();
  sandbox.webhooks.configure({ duplicates: 0, reorder: false });
});

const control = (path: string, method: string, body?: unknown) =>
  fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('the sandbox harness', () => {
  it("answers vendor routes only with the vendor's credentials, in the vendor's error envelope, and says it is a sandbox", async () => {
    const refused = await fetch(`${base}/ping`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: { status: 401, message: 'Unauthorized' } });
    const ok = await fetch(`${base}/ping`, { headers: { authorization: 'Bearer k' } });
    expect(ok.headers.get('x-sandbox')).toBe('acme');
    expect(await ok.json()).toEqual({ pong: true });
  });

  it('arms faults through the control API, refuses bad ones, and applies each the given number of times', async () => {
    expect((await control('/__sandbox/faults', 'POST', { mode: 'explode' })).status).toBe(400);
    expect((await control('/__sandbox/faults', 'POST', { mode: 'error', count: 0 })).status).toBe(400);
    expect(
      (await control('/__sandbox/faults', 'POST', { mode: 'error', count: 1, status: 503 })).status,
    ).toBe(200);
    const auth = { headers: { authorization: 'Bearer k' } };
    expect((await fetch(`${base}/ping`, auth)).status).toBe(503);
    expect((await fetch(`${base}/ping`, auth)).status).toBe(200);
  });

  it('moves its clock forward only', async () => {
    const before = sandbox.clock.now().getTime();
    const moved = (await (await control('/__sandbox/clock/advance', 'POST', { days: 2 })).json()) as {
      now: string;
    };
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect((await control('/__sandbox/clock/advance', 'POST', { ms: -1 })).status).toBe(400);
  });

  it('delivers signed webhooks, retries a failed delivery, and duplicates on demand', async () => {
    failNext = 2;
    sandbox.webhooks.configure({ duplicates: 1 });
    sandbox.webhooks.emit('evt-1', { id: 'evt-1' });
    await sandbox.webhooks.idle();
    expect(got.map((g) => g.id)).toEqual(['evt-1', 'evt-1']);
    expect(got[0]!.signature).toBe(`sig:${JSON.stringify({ id: 'evt-1' }).length}`);
    const attempts = sandbox.webhooks.deliveries().filter((d) => d.eventId === 'evt-1');
    expect(attempts.filter((d) => d.status === 500)).toHaveLength(2);
  });

  it('reorders held events newest first, and drops them when the fault says so', async () => {
    sandbox.webhooks.configure({ reorder: true, reorderWindowMs: 50 });
    for (const id of ['a', 'b', 'c']) sandbox.webhooks.emit(id, { id });
    await sandbox.webhooks.idle();
    expect(got.map((g) => g.id)).toEqual(['c', 'b', 'a']);
    got.length = 0;
    sandbox.faults.arm({ mode: 'drop-webhooks', remaining: 1 });
    sandbox.webhooks.configure({ reorder: false });
    sandbox.webhooks.emit('lost', { id: 'lost' });
    sandbox.webhooks.emit('kept', { id: 'kept' });
    await sandbox.webhooks.idle();
    expect(got.map((g) => g.id)).toEqual(['kept']);
    expect(sandbox.webhooks.deliveries().find((d) => d.eventId === 'lost')?.status).toBe('dropped');
  });
});
