import { eq, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startSilentServer, startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { openDatabase, startIdentity } from '../../test/harness.ts';
import { identitySchema, runIdentityMigrations, type IdentityDatabase } from '../db/database.ts';
import { identityMailOutbox } from '../db/schema.ts';
import { ensureUser } from '../demo.ts';
import { outboxMailer } from './outbox.ts';
import { smtpTransport } from './smtp.ts';
import { retryDelayMs, startMailWorker, type MailRetry, type MailWorker } from './worker.ts';

const from = 'Touchline <no-reply@touchline.test>';
const json = (url: string, payload: object) => ({ method: 'POST' as const, url, payload });
const rowsTo = (db: IdentityDatabase, to: string) =>
  db.select().from(identityMailOutbox).where(eq(identityMailOutbox.to, to));

// Each test opens a database and migrates it; on a loaded machine that alone can take tens of seconds.
describe('durable account mail of the standalone identity (ADR 022)', { timeout: 120_000 }, () => {
  let sink: SmtpSink;
  const workers: MailWorker[] = [];
  const logged: string[] = [];
  const log = {
    warn: (_fields: object, message: string) => void logged.push(message),
    error: (_fields: object, message: string) => void logged.push(message),
  };
  /** A mail worker as a started identity process runs it, fast-polling for the test. */
  const startWorker = (
    db: IdentityDatabase,
    opts: { smtpUrl?: string; timeoutMs?: number; retry?: MailRetry; leaseMs?: number } = {},
  ) => {
    const transport = smtpTransport(opts.smtpUrl ?? sink.url, from, opts.timeoutMs ?? 5000);
    const worker = startMailWorker({
      db,
      deliver: transport.deliver,
      pollMs: 25,
      log,
      ...(opts.retry ? { retry: opts.retry } : {}),
      ...(opts.leaseMs ? { leaseMs: opts.leaseMs } : {}),
    });
    workers.push({ drain: worker.drain, stop: async () => (await worker.stop(), transport.close()) });
    return worker;
  };
  const to = (email: string) => sink.received.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    sink.setMode('up');
  });
  afterAll(() => sink.close());

  it('delivers a message committed before a "crash" at the next start, once, with its row id as Message-ID', async () => {
    const id = await startIdentity({ mailer: outboxMailer() });
    try {
      const res = await id.app.inject(
        json('/api/app/app-users/register-account', {
          email: 'kim@example.org',
          password: 'a long password',
          firstName: 'Kim',
          lastName: 'Park',
          acceptedPolicies: true,
        }),
      );
      expect(res.statusCode).toBe(200);
      // The process that committed it stops here with no worker having run: nothing was sent, the row waits.
      const [queued] = await rowsTo(id.db, 'kim@example.org');
      expect(queued).toMatchObject({
        subject: 'Confirm your e-mail address',
        deliveredAt: null,
        attempts: 0,
      });
      expect(to('kim@example.org')).toHaveLength(0);

      startWorker(id.db);
      await eventually(() => to('kim@example.org').length > 0, 'the confirmation');
      expect(to('kim@example.org')).toEqual([
        expect.objectContaining({
          subject: 'Confirm your e-mail address',
          messageId: `<${queued!.id}@touchline.test>`,
        }),
      ]);
      await eventually(
        async () => (await rowsTo(id.db, 'kim@example.org'))[0]?.deliveredAt != null,
        'marked',
      );
      expect((await rowsTo(id.db, 'kim@example.org'))[0]).toMatchObject({ attempts: 1, lastError: null });
    } finally {
      await id.close();
    }
  });

  it('takes over a message whose worker died mid-send once its lease has passed, not before', async () => {
    const { db, close } = await openDatabase();
    try {
      await runIdentityMigrations(db);
      // What a worker that claimed the row and was killed leaves behind: one attempt counted, a lease running.
      await db.insert(identityMailOutbox).values({
        to: 'lease@example.org',
        subject: 'Reset your password',
        text: 't',
        html: '<p>t</p>',
        attempts: 1,
        lockedUntil: sql`now() + interval '1500 milliseconds'`,
      });
      startWorker(db);
      await new Promise((r) => setTimeout(r, 700));
      expect(to('lease@example.org')).toHaveLength(0);
      await eventually(() => to('lease@example.org').length > 0, 'the taken-over message');
      expect(to('lease@example.org')).toHaveLength(1);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await close();
    }
  });

  it('keeps a reset asked for while SMTP is down, retries with doubling waits, and delivers it when SMTP returns', async () => {
    const id = await startIdentity({ mailer: outboxMailer() });
    try {
      await ensureUser(id.db, {
        email: 'reset@example.org',
        password: 'an old password',
        firstName: 'R',
        lastName: 'S',
        roles: [],
      });
      sink.setMode('down');
      const firstConnect = sink.connects.length;
      startWorker(id.db, { retry: { baseMs: 400, maxMs: 60_000, attempts: 20 } });
      const res = await id.app.inject(
        json('/api/app/app-users/forgot-password', { email: 'reset@example.org' }),
      );
      expect(res.statusCode).toBe(200);
      await eventually(() => sink.connects.length - firstConnect >= 3, 'three refused tries');
      const [failing] = await rowsTo(id.db, 'reset@example.org');
      expect(failing).toMatchObject({ deliveredAt: null });
      expect(failing!.lastError).toMatch(/service not available/);
      // Waits of 400 ms then 800 ms (±20 % jitter): the second gap is longer than the first.
      const [a, b, c] = sink.connects.slice(firstConnect);
      expect(c! - b!).toBeGreaterThan(b! - a!);
      expect(b! - a!).toBeGreaterThanOrEqual(300);

      sink.setMode('up');
      await eventually(() => to('reset@example.org').length > 0, 'the reset after SMTP returned');
      await eventually(
        async () => (await rowsTo(id.db, 'reset@example.org'))[0]?.deliveredAt != null,
        'marked',
      );
      const [delivered] = await rowsTo(id.db, 'reset@example.org');
      expect(delivered!.lastError).toBeNull();
      expect(to('reset@example.org')).toEqual([
        expect.objectContaining({
          subject: 'Reset your password',
          messageId: `<${delivered!.id}@touchline.test>`,
        }),
      ]);
    } finally {
      await id.close();
    }
  });

  it('gives up on a server that accepts and never greets after the configured timeout, and tries again later', async () => {
    const silent = await startSilentServer();
    const { db, close } = await openDatabase();
    try {
      await runIdentityMigrations(db);
      await db.transaction((tx) =>
        outboxMailer().send({ to: 'hang@example.org', subject: 'S', text: 't', html: '<p>t</p>' }, tx),
      );
      const started = Date.now();
      startWorker(db, {
        smtpUrl: silent.url,
        timeoutMs: 300,
        retry: { baseMs: 60_000, maxMs: 60_000, attempts: 5 },
      });
      await eventually(
        async () => (await rowsTo(db, 'hang@example.org'))[0]?.lastError != null,
        'a timed-out try',
      );
      expect(Date.now() - started).toBeLessThan(5000);
      const [row] = await rowsTo(db, 'hang@example.org');
      expect(row).toMatchObject({ attempts: 1, deliveredAt: null, lockedUntil: null });
      expect(row!.lastError).toMatch(/greeting|timeout/i);
      expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await silent.close();
      await close();
    }
  });

  it('sends nothing for a change that rolls back', async () => {
    const { db, close } = await openDatabase();
    try {
      await runIdentityMigrations(db);
      const rollback = db.transaction(async (tx) => {
        await outboxMailer().send({ to: 'gone@example.org', subject: 'S', text: 't', html: '<p>t</p>' }, tx);
        throw new Error('the account change failed');
      });
      await expect(rollback).rejects.toThrow('the account change failed');
      const worker = startWorker(db);
      await worker.drain();
      expect(await rowsTo(db, 'gone@example.org')).toEqual([]);
      expect(to('gone@example.org')).toEqual([]);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await close();
    }
  });

  it('has two instances on one database deliver each message exactly once', async () => {
    const { db, url, close } = await openDatabase();
    // On PostgreSQL the second instance has its own pool; PGlite has one client per database, which both share.
    const secondPool = url ? new pg.Pool({ connectionString: url, max: 2 }) : null;
    // As on the first pool (harness.ts): pool.end() resolves before its sockets have closed, and the DROP DATABASE
    // … WITH (FORCE) at close() can end one still closing; unheard, that `error` event fails the run (CI, stop 26).
    secondPool?.on('error', () => undefined);
    const second = secondPool
      ? (drizzlePg(secondPool, { schema: identitySchema }) as unknown as IdentityDatabase)
      : db;
    try {
      await runIdentityMigrations(db);
      const addresses = Array.from({ length: 20 }, (_, n) => `pair${n}@example.org`);
      await db.transaction(async (tx) => {
        for (const address of addresses)
          await outboxMailer().send({ to: address, subject: 'S', text: 't', html: '<p>t</p>' }, tx);
      });
      startWorker(db);
      startWorker(second);
      await eventually(() => addresses.every((a) => to(a).length > 0), 'every message');
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      for (const address of addresses) expect(to(address)).toHaveLength(1);
      const rows = await db.select().from(identityMailOutbox);
      expect(rows.every((r) => r.attempts === 1 && r.deliveredAt !== null)).toBe(true);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await secondPool?.end();
      await close();
    }
  });

  it('stops cleanly: the send in flight completes and is marked, nothing is claimed afterwards', async () => {
    const { db, close } = await openDatabase();
    try {
      await runIdentityMigrations(db);
      const send = (address: string) =>
        db.transaction((tx) =>
          outboxMailer().send({ to: address, subject: 'S', text: 't', html: '<p>t</p>' }, tx),
        );
      await send('during@example.org');
      let sending: () => void = () => undefined;
      const started = new Promise<void>((resolve) => (sending = resolve));
      const sent: string[] = [];
      const worker = startMailWorker({
        db,
        pollMs: 25,
        log,
        deliver: async (mail) => {
          sending();
          await new Promise((r) => setTimeout(r, 500));
          sent.push(mail.to);
        },
      });
      await started;
      await worker.stop();
      expect(sent).toEqual(['during@example.org']);
      expect((await rowsTo(db, 'during@example.org'))[0]?.deliveredAt).not.toBeNull();
      await send('after@example.org');
      await new Promise((r) => setTimeout(r, 300));
      expect(await rowsTo(db, 'after@example.org')).toEqual([expect.objectContaining({ attempts: 0 })]);
      expect(sent).toEqual(['during@example.org']);
    } finally {
      await close();
    }
  });
});

describe('retryDelayMs', () => {
  const retry = { baseMs: 15_000, maxMs: 3 * 3_600_000, attempts: 13 };
  it('doubles from the base after each failure, up to the cap, within ±20 % jitter', () => {
    expect(retryDelayMs(retry, 1, () => 0.5)).toBe(15_000);
    expect(retryDelayMs(retry, 2, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(retry, 5, () => 0.5)).toBe(240_000);
    expect(retryDelayMs(retry, 12, () => 0.5)).toBe(3 * 3_600_000);
    expect(retryDelayMs(retry, 1, () => 0)).toBe(12_000);
    expect(retryDelayMs(retry, 1, () => 1)).toBe(18_000);
  });
});
