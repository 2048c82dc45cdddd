import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushPendingMail } from '@touchline/identity';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { smtpMailer, type Mailer } from './mailer.ts';

type Received = { to: string[]; subject: string; text: string };

describe('mail over real SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;
  let t: TestApp;
  let mailer: Mailer;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          void PostalMime.parse(Buffer.concat(chunks)).then((mail) => {
            received.push({
              to: (mail.to ?? []).map((a) => a.address ?? ''),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
            });
            callback();
          }, callback);
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
    mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Touchline <no-reply@touchline.test>');
    t = await createTestApp({}, { mailer });
  });
  afterAll(async () => {
    await t.close();
    mailer.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the identity service’s signup confirmation through SMTP with a working link', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/register-account',
      payload: { email: 'kim@example.org', password: 'a long password', firstName: 'Kim', lastName: 'Park' },
    });
    expect(res.statusCode).toBe(200);
    await flushPendingMail();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ to: ['kim@example.org'], subject: 'Confirm your e-mail address' });
    const token = /confirm-email\?token=([\w-]+)/.exec(received[0]?.text ?? '')?.[1] ?? '';
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/confirm-email',
      payload: { token },
    });
    expect(confirm.statusCode).toBe(204);
  });

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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/app-users/register-account',
      payload: { email: 'sam@example.org', password: 'a long password', firstName: 'Sam', lastName: 'Lee' },
    });
    expect(res.statusCode).toBe(200);
    await flushPendingMail();
    const outbox = await t.app.inject('/api/dev/outbox');
    expect(outbox.statusCode).toBe(200);
    const [latest] = outbox.json().items;
    expect(latest).toMatchObject({ to: 'sam@example.org', subject: 'Confirm your e-mail address' });
    expect(latest.text).toMatch(/http:\/\/localhost:3000\/confirm-email\?token=[\w-]{43}/);
  });
});
