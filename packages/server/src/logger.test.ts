import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it('hides tokens and personal data in query strings and keeps the rest', () => {
    expect(redactUrl('/api/app/invitation/next-step-from-token?token=abc123&x=1')).toBe(
      '/api/app/invitation/next-step-from-token?token=%5BRedacted%5D&x=1',
    );
    expect(redactUrl('/a?Email=kid%40x.org')).toBe('/a?Email=%5BRedacted%5D');
    expect(redactUrl('/plain/path')).toBe('/plain/path');
  });
});

describe('request logging', () => {
  it('logs a request id and never the bearer token, cookie or personal fields', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const opts = loggerOptions({ logLevel: 'info', env: 'test' });
    const app = Fastify({ ...opts, logger: { ...(opts.logger as object), stream } });
    app.post('/echo', async (request) => {
      request.log.info({ body: request.body }, 'got body');
      return { ok: true };
    });
    const res = await app.inject({
      method: 'POST',
      url: '/echo?token=secret-token',
      headers: { authorization: 'Bearer very-secret', cookie: 'session=abc', 'x-request-id': 'req-42' },
      payload: { email: 'child@example.org', password: 'hunter2', dateOfBirth: '2015-01-01', note: 'kept' },
    });
    expect(res.statusCode).toBe(200);
    const log = lines.join('');
    expect(log).toContain('"requestId":"req-42"');
    expect(log).toContain('kept');
    for (const secret of [
      'very-secret',
      'session=abc',
      'child@example.org',
      'hunter2',
      '2015-01-01',
      'secret-token',
    ]) {
      expect(log).not.toContain(secret);
    }
    await app.close();
  });

  it('makes a new request id when the given one is not safe to log', () => {
    const opts = loggerOptions({ logLevel: 'info', env: 'test' });
    const fake = { headers: { 'x-request-id': 'bad id\nwith newline' } } as unknown as Parameters<
      NonNullable<typeof opts.genReqId>
    >[0];
    expect(opts.genReqId?.(fake)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
