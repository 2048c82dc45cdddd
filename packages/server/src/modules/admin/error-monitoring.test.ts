import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentrySandbox, type SentrySandbox } from '@touchline/sandbox/sentry/sentry-sandbox';
import { AppError } from '../../errors.ts';
import { flushErrorMonitoring, scrubEvent, scrubText } from './error-monitoring.ts';
import { errorMonitoring } from './monitoring.routes.ts';

// The server's error monitoring end to end (issue 32): the official SDK sends to our Sentry-compatible sink over
// HTTP; the test reads what arrived. Faults arrive tagged and scrubbed; a 404, a redirect and client errors do not.

let sink: SentrySandbox;
let app: FastifyInstance;

type Item = { type: string; payload: Record<string, unknown> };
const events = () => (sink.items as Item[]).filter((i) => i.type === 'event').map((i) => i.payload);

beforeAll(async () => {
  sink = createSentrySandbox({ publicKey: 'sandboxpublickey', projectId: '42' });
  await sink.listen();
  app = Fastify({ logger: false });
  await app.register(errorMonitoring, { dsn: sink.dsn(), environment: 'test', release: 'test-1' });
  app.get('/fault', async () => {
    throw new Error('Could not mail coach.carter@example.org with Bearer abc.def.ghi');
  });
  app.get('/missing', async () => {
    throw new AppError('not_found', 'Thing not found');
  });
  app.get('/refused', async () => {
    throw new AppError('forbidden', 'No');
  });
  app.get('/moved', async () => {
    throw Object.assign(new Error('moved'), { statusCode: 302 });
  });
  app.get('/resize', async () => {
    throw new Error('ResizeObserver loop completed with undelivered notifications');
  });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app.close();
  await sink.close();
});

describe('server error monitoring', () => {
  it('reports a fault tagged with its route, without the e-mail address or the token', async () => {
    const res = await app.inject({
      url: '/fault?token=secret-value',
      headers: { authorization: 'Bearer very-secret', cookie: 'touchline=sealed' },
    });
    expect(res.statusCode).toBe(500);
    await flushErrorMonitoring();
    const [event] = events();
    expect(event).toBeDefined();
    expect(event?.tags).toMatchObject({ route: '/fault', method: 'GET', source: 'server' });
    expect(event?.environment).toBe('test');
    const sent = JSON.stringify(event);
    expect(sent).toContain('Could not mail [e-mail] with Bearer [token]');
    for (const secret of ['coach.carter@example.org', 'very-secret', 'secret-value', 'touchline=sealed'])
      expect(sent).not.toContain(secret);
  });

  it('drops a 404, a redirect, a client error and a resize-observer notice', async () => {
    const before = events().length;
    for (const url of ['/missing', '/refused', '/moved', '/resize', '/no-such-route'])
      await app.inject({ url });
    await flushErrorMonitoring();
    // The resize notice is a 500 here, yet dropped by kind; nothing else of these is a fault.
    expect(events().length).toBe(before);
  });
});

describe('scrubbing', () => {
  it('masks addresses, bearer tokens, JWTs and secret query values', () => {
    expect(scrubText('a@b.co Bearer x.y.z eyJhbGciOi.eyJzdWIi.sig /r?token=1&page=2&password=p')).toBe(
      '[e-mail] Bearer [token] [token] /r?token=[redacted]&page=2&password=[redacted]',
    );
  });

  it('keeps only the user id, harmless headers and no body', () => {
    const event = scrubEvent({
      type: undefined,
      user: { id: 'u-1', email: 'x@y.org', username: 'Xavier' },
      request: {
        method: 'POST',
        url: 'https://app.test/api/app/profile?email=x@y.org',
        headers: { authorization: 'Bearer t', cookie: 'c=1', 'user-agent': 'UA' },
        data: { firstName: 'Xavier' },
        cookies: { c: '1' },
      },
      extra: { body: 'x' },
    });
    expect(event.user).toEqual({ id: 'u-1' });
    expect(event.request).toEqual({
      method: 'POST',
      url: 'https://app.test/api/app/profile',
      headers: { 'user-agent': 'UA' },
    });
    expect(event.extra).toBeUndefined();
  });
});
