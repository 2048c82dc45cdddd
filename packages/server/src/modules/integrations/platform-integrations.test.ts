import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { openTestDatabase } from '../../../test/database.ts';
import { addTestUser } from '../../../test/factories.ts';
import { eventually } from '../../../test/mail.ts';
import { createRunsTable, failingJob, testJobs } from '../../../test/queue-jobs.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { auditEvents, webhookEvents } from '../../db/schema/index.ts';
import { buildIntegrations, noIntegrations } from '../../integrations-wiring.ts';
import { jobDefinitions } from '../../jobs/definitions.ts';
import { openJobQueue, type JobQueue } from '../../jobs/queue.ts';
import { outboxTransport } from '../../mail/mailer.ts';

const log = Fastify({ logger: false }).log;
let database: DatabaseHandle;
let t: TestApp;
let worker: JobQueue;
let member: Awaited<ReturnType<typeof addTestUser>>;
let admin: Awaited<ReturnType<typeof addTestUser>>;
let letters: { id: string }[] = [];

type Page = { items: Record<string, unknown>[]; totalCount: number };

beforeAll(async () => {
  database = await openTestDatabase();
  await createRunsTable(database.db);
  // The app's queue knows the test jobs too, so their dead letters are its own (listed, retried, discarded).
  const jobs = await openJobQueue(database, [...jobDefinitions, ...testJobs], { retryDelaySeconds: 1 });
  const integrations = buildIntegrations(
    {
      yardstik: {
        apiUrl: 'http://127.0.0.1:9/',
        apiKey: 'sandbox-api-key',
        webhookSecret: 'sandbox-secret',
        sandbox: true,
      },
    },
    log,
  );
  t = await createTestApp({}, { jobs, integrations }, database);
  // A second instance runs the always-failing job until its retries are used up: two real dead letters.
  worker = await openJobQueue(database, testJobs, { retryDelaySeconds: 1, superviseIntervalSeconds: 1 });
  await database.db.transaction(async (tx) => {
    await worker.enqueue(tx, failingJob, { tag: 'dead-one' });
    await worker.enqueue(tx, failingJob, { tag: 'dead-two' });
  });
  await worker.startWorkers(
    {
      db: database.db,
      jobs: worker,
      transport: outboxTransport(),
      appUrl: 'http://localhost',
      log,
      integrations: noIntegrations,
    },
    { pollingIntervalSeconds: 0.5 },
  );
  await eventually(
    async () => (await jobs.deadLetterPage({ queue: 'test.fail', limit: 10, offset: 0 })).totalCount === 2,
    'two dead letters',
    60_000,
  );
  await worker.stop(1000);
  member = await addTestUser(t);
  admin = await addTestUser(t, ['TouchlineAdmin']);
}, 120_000);

afterAll(async () => {
  const queue = t.app.jobs;
  await t.close();
  await queue.stop(1000);
  await database.close();
});

const queuedRuns = async () =>
  (
    (await database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'test.fail' and state = 'created'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]?.n;
const audits = (id: string) =>
  database.db
    .select({ action: auditEvents.action, actor: auditEvents.actorUserId })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'dead_letter'), eq(auditEvents.entityId, id)));

describe('GET /api/app/integrations/dead-letters', () => {
  const url = '/api/app/integrations/dead-letters';

  it('answers 401 anonymous, 403 to an organization user, 400 for a bad filter', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: member.auth })).statusCode).toBe(403);
    const bad = await t.app.inject({ url: `${url}?job=Not%20a%20job&perPage=0`, headers: admin.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('lists the dead jobs newest first, with the payload summarized and no personal data', async () => {
    const res = await t.app.inject({ url: `${url}?job=test.fail`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.totalCount).toBe(2);
    expect(page.items[0]).toMatchObject({
      job: 'test.fail',
      attempts: 3,
      payload: { tag: 'text (8 characters)' },
      error: 'this job always fails',
    });
    // The payload's text never leaves, only its length.
    expect(res.body).not.toContain('dead-one');
    expect(res.body).not.toContain('dead-two');
    const deadAt = page.items.map((i) => String(i.deadAt));
    expect([...deadAt].sort().reverse()).toEqual(deadAt);
    const paged = (
      await t.app.inject({ url: `${url}?perPage=1&page=2`, headers: admin.auth })
    ).json() as Page;
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0]?.id).toBe(page.items[1]?.id);
    letters = page.items.map((i) => ({ id: String(i.id) }));
  });
});

describe('POST /api/app/integrations/dead-letters/{id}/retry and /discard', () => {
  const action = (id: string, verb: 'retry' | 'discard', headers?: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/app/integrations/dead-letters/${id}/${verb}`, headers });

  it('answers 401, 403, 400 for a bad id and 404 for an id that never was a dead letter', async () => {
    const [first] = letters;
    for (const verb of ['retry', 'discard'] as const) {
      expect((await action(first!.id, verb)).statusCode).toBe(401);
      expect((await action(first!.id, verb, member.auth)).statusCode).toBe(403);
      expect((await action('not-a-uuid', verb, admin.auth)).statusCode).toBe(400);
      expect((await action(randomUUID(), verb, admin.auth)).statusCode).toBe(404);
    }
  });

  it('retries a dead job once, however often it is clicked, and records who did it', async () => {
    const id = letters[0]!.id;
    expect(await queuedRuns()).toBe(0);
    // A double click: both requests at once, one moves it, the other answers that it was moved.
    const both = await Promise.all([action(id, 'retry', admin.auth), action(id, 'retry', admin.auth)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => (r.json() as { changed: boolean }).changed).sort()).toEqual([false, true]);
    const again = await action(id, 'retry', admin.auth);
    expect(again.json()).toEqual({ id, outcome: 'retried', changed: false });
    // A discard clicked on the stale row afterwards says what happened instead of dropping the new job.
    expect((await action(id, 'discard', admin.auth)).json()).toEqual({
      id,
      outcome: 'retried',
      changed: false,
    });
    expect(await queuedRuns()).toBe(1);
    expect(await audits(id)).toEqual([{ action: 'job.dead_letter.retried', actor: admin.userId }]);
  });

  it('discards a dead job once and takes it off the list', async () => {
    const id = letters[1]!.id;
    expect((await action(id, 'discard', admin.auth)).json()).toEqual({
      id,
      outcome: 'discarded',
      changed: true,
    });
    expect((await action(id, 'discard', admin.auth)).json()).toEqual({
      id,
      outcome: 'discarded',
      changed: false,
    });
    expect((await action(id, 'retry', admin.auth)).json()).toEqual({
      id,
      outcome: 'discarded',
      changed: false,
    });
    const page = (
      await t.app.inject({ url: '/api/app/integrations/dead-letters?job=test.fail', headers: admin.auth })
    ).json() as Page;
    expect(page.totalCount).toBe(0);
    expect(await queuedRuns()).toBe(1);
    expect(await audits(id)).toEqual([{ action: 'job.dead_letter.discarded', actor: admin.userId }]);
  });
});

describe('GET /api/app/integrations/providers', () => {
  it('answers 401, 403, then the providers with the sandbox named as one', async () => {
    const url = '/api/app/integrations/providers';
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: member.auth })).statusCode).toBe(403);
    const res = await t.app.inject({ url, headers: admin.auth });
    expect(res.json()).toEqual({ items: [{ provider: 'yardstik', label: 'Yardstik', sandbox: true }] });
  });
});

describe('GET /api/app/integrations/webhook-events/{id}/body', () => {
  it('answers 401, 403, 400, 404, then the exact body, and audits the read', async () => {
    const rawBody = '{"id":"evt-1","event":"updated","resource_type":"report"}';
    const [row] = await database.db
      .insert(webhookEvents)
      .values({
        provider: 'yardstik',
        eventId: `evt-${randomUUID()}`,
        objectType: 'report',
        objectId: 'r-1',
        rawBody,
      })
      .returning({ id: webhookEvents.id });
    const url = `/api/app/integrations/webhook-events/${row!.id}/body`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: member.auth })).statusCode).toBe(403);
    const badUrl = '/api/app/integrations/webhook-events/nope/body';
    expect((await t.app.inject({ url: badUrl, headers: admin.auth })).statusCode).toBe(400);
    const missing = `/api/app/integrations/webhook-events/${randomUUID()}/body`;
    expect((await t.app.inject({ url: missing, headers: admin.auth })).statusCode).toBe(404);
    const res = await t.app.inject({ url, headers: admin.auth });
    expect(res.json()).toEqual({ id: row!.id, rawBody });
    const viewed = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'webhook_event'), eq(auditEvents.entityId, row!.id)));
    expect(viewed).toEqual([{ action: 'webhook_event.body_viewed' }]);
  });
});
