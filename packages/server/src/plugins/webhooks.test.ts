import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  createYardstikSandbox,
  signYardstikWebhook,
  type YardstikSandbox,
} from '@touchline/sandbox/yardstik/yardstik-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTestUser, createTestOrganization, type TestOrganization } from '../../test/factories.ts';
import { eventually } from '../../test/mail.ts';
import { screeningOrders, webhookEvents } from '../db/schema/index.ts';
import { buildIntegrations, type Integrations } from '../integrations-wiring.ts';
import { jobDepsOf } from '../jobs/job-deps.ts';
import { placeScreeningOrder } from '../modules/background-checks/background-check-orders.ts';

const secret = 'sandbox-webhook-secret';
let sandbox: YardstikSandbox;
let integrations: Integrations;
let t: TestApp;
let org: TestOrganization;
let appUrl = '';

const event = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: randomUUID(),
    event: 'updated',
    resource_id: randomUUID(),
    resource_type: 'report',
    status: 'processing',
    timestamp: new Date().toISOString(),
    ...over,
  });

const deliver = (body: string, signature = signYardstikWebhook(secret, body), provider = 'yardstik') =>
  t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${provider}`,
    headers: { 'content-type': 'application/json', 'x-yardstik-webhook-signature': signature },
    payload: body,
  });

const rows = () => t.database.db.select().from(webhookEvents);

beforeAll(async () => {
  sandbox = createYardstikSandbox({ apiKey: 'sandbox-api-key', webhookSecret: secret });
  const apiUrl = await sandbox.listen();
  integrations = buildIntegrations(
    { yardstik: { apiUrl, apiKey: 'sandbox-api-key', webhookSecret: secret } },
    { info() {}, warn() {} },
  );
  t = await createTestApp({}, { integrations });
  org = await createTestOrganization(t);
  appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.jobs.startWorkers(jobDepsOf(t.app));
});
afterAll(async () => {
  await t.close();
  await integrations.close();
  await sandbox.close();
});

describe('POST /api/webhooks/{provider}', () => {
  it('refuses a delivery whose signature is missing or not the vendor’s with 401, storing nothing', async () => {
    const before = (await rows()).length;
    const body = event();
    expect((await deliver(body, 'not-a-signature')).statusCode).toBe(401);
    expect((await deliver(body, signYardstikWebhook('another-secret', body))).statusCode).toBe(401);
    const tampered = await deliver(body.replace('processing', 'clear'), signYardstikWebhook(secret, body));
    expect(tampered.statusCode).toBe(401);
    expect((await rows()).length).toBe(before);
  });

  it('answers 404 for a provider it does not know and 400 for a malformed one or a body that is not an event', async () => {
    expect((await deliver(event(), undefined, 'acme')).statusCode).toBe(404);
    expect((await deliver(event(), undefined, 'NOT_A_NAME')).statusCode).toBe(400);
    const notJson = 'not json';
    expect((await deliver(notJson, signYardstikWebhook(secret, notJson))).statusCode).toBe(400);
    const noIds = JSON.stringify({ event: 'updated' });
    expect((await deliver(noIds)).statusCode).toBe(400);
  });

  it('stores the same event once and processes it once, however often it arrives', async () => {
    const body = event();
    const first = await deliver(body);
    const again = await deliver(body);
    expect([first.statusCode, first.json()]).toEqual([200, { received: true, duplicate: false }]);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    const id = (JSON.parse(body) as { id: string }).id;
    const mine = async () => (await rows()).filter((r) => r.eventId === id);
    // About no order of ours: processed to "ignored", exactly once.
    await eventually(async () => (await mine())[0]?.state === 'ignored', 'the event to be processed');
    expect(await mine()).toEqual([expect.objectContaining({ state: 'ignored', attempts: 1 })]);
  });

  it('ends in the state the vendor reports when its events arrive repeated and out of order', async () => {
    sandbox.webhooks.addEndpoint(`${appUrl}/api/webhooks/yardstik`);
    sandbox.webhooks.configure({ duplicates: 1, reorder: true, reorderWindowMs: 100 });
    const order = await placeScreeningOrder(
      { db: t.database.db, screening: integrations.screening! },
      {},
      {
        orderId: randomUUID(),
        organizationId: org.id,
        profileLevelAccessId: null,
        candidate: {
          externalId: randomUUID(),
          firstName: 'Eve',
          lastName: 'Clear',
          email: 'eve@example.org',
        },
        packageId: (await integrations.screening!.listPackages({}))[0]!.id,
      },
    );
    expect(order.status).toBe('awaiting_candidate');
    const consent = await fetch(order.applyUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'disclosure=on&authorization=on',
    });
    expect(consent.status).toBe(200);
    await sandbox.clock.advance(2 * 86_400_000);
    sandbox.webhooks.flush();
    await sandbox.webhooks.idle();

    const about = async () => (await rows()).filter((r) => r.objectId === order.vendorReportId);
    // created, processing, clear: three events, each delivered twice and newest first.
    await eventually(async () => {
      const events = await about();
      return events.length === 3 && events.every((e) => e.state === 'processed');
    }, 'three processed events');
    const [stored] = await t.database.db
      .select()
      .from(screeningOrders)
      .where(eq(screeningOrders.id, order.id));
    expect(stored).toMatchObject({ status: 'clear', vendorStatus: 'clear', completedAt: expect.any(Date) });
    expect((await about()).every((e) => e.organizationId === org.id && e.attempts === 1)).toBe(true);
    sandbox.webhooks.clearEndpoints();
    sandbox.webhooks.configure({ duplicates: 0, reorder: false });
  });

  it('processes an event stored before a restart once a worker runs again', async () => {
    const second = await createTestApp({}, { integrations }, t.database);
    await t.app.jobs.stop();
    const body = event();
    expect(
      (
        await second.app.inject({
          method: 'POST',
          url: '/api/webhooks/yardstik',
          headers: {
            'content-type': 'application/json',
            'x-yardstik-webhook-signature': signYardstikWebhook(secret, body),
          },
          payload: body,
        })
      ).statusCode,
    ).toBe(200);
    await second.close();
    const id = (JSON.parse(body) as { id: string }).id;
    expect((await rows()).find((r) => r.eventId === id)?.state).toBe('received');
    const restarted = await createTestApp({}, { integrations }, t.database);
    await restarted.app.jobs.startWorkers(jobDepsOf(restarted.app));
    await eventually(
      async () => (await rows()).find((r) => r.eventId === id)?.state === 'ignored',
      'processing after restart',
    );
    await restarted.close();
  });
});

describe('GET /api/app/integrations/webhook-events', () => {
  it('answers 401 anonymous, 403 to anyone but a platform administrator, 400 for a bad filter, then the log', async () => {
    const url = '/api/app/integrations/webhook-events';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const member = await addTestUser(t);
    expect((await t.app.inject({ url, headers: member.auth })).statusCode).toBe(403);
    const admin = await addTestUser(t, ['TouchlineAdmin']);
    expect((await t.app.inject({ url: `${url}?state=bogus`, headers: admin.auth })).statusCode).toBe(400);
    const res = await t.app.inject({ url: `${url}?provider=yardstik&perPage=5`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const page = res.json() as { items: { provider: string }[]; totalCount: number };
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.items.length).toBeLessThanOrEqual(5);
    expect(page.items.every((i) => i.provider === 'yardstik')).toBe(true);
    expect(JSON.stringify(page)).not.toContain('raw');
  });
});
