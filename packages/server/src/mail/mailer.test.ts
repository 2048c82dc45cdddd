import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { addTestMember, createTestOrganization } from '../../test/factories.ts';
import { eventually, mailTo, startSilentServer, startSmtpSink, type SmtpSink } from '../../test/mail.ts';
import { mailOutbox } from '../db/schema/index.ts';
import { jobDefinitions } from '../jobs/definitions.ts';
import { jobDepsOf } from '../jobs/job-deps.ts';
import { openJobQueue, type JobQueue } from '../jobs/queue.ts';
import { invitee } from '../modules/invitations/invitations.test-support.ts';
import { smtpTransport, type MailTransport } from './mailer.ts';

const from = 'Touchline <no-reply@touchline.test>';
const json = (url: string, payload: object) => ({ method: 'POST' as const, url, payload });

describe('durable mail over real SMTP (ADR 022)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let worker: JobQueue | undefined;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // The app only queues (JOBS_MODE=web); each test starts the worker that delivers, as a second process would.
    t = await createTestApp({}, { mailer: smtpTransport(sink.url, from, 1000) });
  });
  afterEach(async () => {
    await worker?.stop(1000);
    worker = undefined;
    sink.setMode('up');
  });
  afterAll(async () => {
    await t.close();
    t.app.mailer.close();
    await sink.close();
  });
  const startWorker = async (transport: MailTransport = t.app.mailer) => {
    worker = await openJobQueue(t.database, jobDefinitions, { retryDelaySeconds: 1 });
    await worker.startWorkers(
      { ...jobDepsOf(t.app), jobs: worker, transport },
      { pollingIntervalSeconds: 0.5 },
    );
  };
  const subjectsTo = (email: string) =>
    sink.received.filter((m) => m.to.includes(email)).map((m) => m.subject);

  it('delivers the signup confirmation once, with a working link and the outbox id as its Message-ID', async () => {
    await startWorker();
    const res = await t.app.inject(
      json('/api/app/app-users/register-account', {
        email: 'kim@example.org',
        password: 'a long password',
        firstName: 'Kim',
        lastName: 'Park',
        acceptedPolicies: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    await eventually(() => subjectsTo('kim@example.org').length > 0, 'the confirmation');
    const [queued] = await mailTo(t, 'kim@example.org');
    const mail = sink.received.find((m) => m.to.includes('kim@example.org'));
    expect(mail).toMatchObject({
      subject: 'Confirm your e-mail address',
      messageId: `<${queued?.id}@touchline.test>`,
    });
    await eventually(
      async () => (await mailTo(t, 'kim@example.org'))[0]?.deliveredAt != null,
      'delivered_at',
    );
    const token = /confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const confirm = await t.app.inject(json('/api/app/app-users/confirm-email', { token }));
    expect(confirm.statusCode).toBe(204);
  });

  it('sends an invitation committed just before a crash once a worker runs again', async () => {
    const org = await createTestOrganization(t);
    const admin = await addTestMember(t, org, org.root, 'Admin');
    const body = invitee(org.team.id, org.labelIds.member);
    // No worker runs: the process "dies" right after the invitation commits.
    const res = await t.app.inject({ ...json('/api/app/invitation', body), headers: admin.auth });
    expect(res.statusCode).toBe(201);
    const [queued] = await mailTo(t, body.email);
    expect(queued).toMatchObject({ deliveredAt: null, attempts: 0 });
    expect(subjectsTo(body.email)).toEqual([]);
    await startWorker();
    await eventually(() => subjectsTo(body.email).length > 0, 'the invitation');
    await eventually(async () => (await mailTo(t, body.email))[0]?.deliveredAt != null, 'delivered_at');
    await new Promise((r) => setTimeout(r, 1500));
    expect(subjectsTo(body.email)).toEqual([`You are invited to join ${org.name} on Touchline`]);
  });

  it('sends a password reset asked for while SMTP is down once SMTP is back', async () => {
    await t.createUser({ email: 'reset@example.org' });
    sink.setMode('down');
    await startWorker();
    const res = await t.app.inject(
      json('/api/app/app-users/forgot-password', { email: 'reset@example.org' }),
    );
    expect(res.statusCode).toBe(200);
    const attempts = async () => (await mailTo(t, 'reset@example.org'))[0]?.attempts ?? 0;
    await eventually(async () => (await attempts()) >= 1, 'a failed attempt');
    expect(subjectsTo('reset@example.org')).toEqual([]);
    sink.setMode('up');
    await eventually(
      () => subjectsTo('reset@example.org').length > 0,
      'the reset after SMTP is back',
      30_000,
    );
    expect(subjectsTo('reset@example.org')).toEqual(['Reset your password']);
  }, 40_000);

  it('answers an invitation at once while the SMTP server accepts and never answers; the send times out and is retried', async () => {
    const silent = await startSilentServer();
    const hanging = smtpTransport(silent.url, from, 300);
    try {
      await startWorker(hanging);
      const org = await createTestOrganization(t);
      const admin = await addTestMember(t, org, org.root, 'Admin');
      const body = invitee(org.team.id, org.labelIds.member);
      const started = Date.now();
      const res = await t.app.inject({ ...json('/api/app/invitation', body), headers: admin.auth });
      expect(res.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(3000);
      await eventually(
        async () => ((await mailTo(t, body.email))[0]?.attempts ?? 0) >= 2,
        'two timed-out attempts',
        20_000,
      );
      const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
      expect(row?.deliveredAt).toBeNull();
      expect(row?.lastError).toMatch(/greeting never received|timeout/i);
    } finally {
      await worker?.stop(1000);
      worker = undefined;
      hanging.close();
      await silent.close();
    }
  }, 30_000);

  it('has no development outbox route while SMTP is the mailer', async () => {
    expect((await t.app.inject('/api/dev/outbox')).statusCode).toBe(404);
  });
});

describe('development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the identity e-mails (newest first) and shows them at /api/dev/outbox', async () => {
    const res = await t.app.inject(
      json('/api/app/app-users/register-account', {
        email: 'sam@example.org',
        password: 'a long password',
        firstName: 'Sam',
        lastName: 'Lee',
        acceptedPolicies: true,
      }),
    );
    expect(res.statusCode).toBe(200);
    const outbox = await t.app.inject('/api/dev/outbox');
    expect(outbox.statusCode).toBe(200);
    const [latest] = outbox.json().items;
    expect(latest).toMatchObject({ to: 'sam@example.org', subject: 'Confirm your e-mail address' });
    expect(latest.text).toMatch(/http:\/\/localhost:3000\/confirm-email\?token=[\w-]{43}/);
  });
});
