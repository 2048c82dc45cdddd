import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders, securityHeadersFor } from './security-headers.ts';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  hsts: false,
} as const;

/** What helmet's own middleware puts on a real response, for comparison. */
async function helmetOnARealResponse(): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((req, res) => middleware(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...res.headers].filter(([name]) => !skip.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers, computed once', () => {
  it('are exactly the headers helmet sets on a response for the same options', async () => {
    expect(securityHeadersFor(options)).toEqual(await helmetOnARealResponse());
    expect(securityHeadersFor(options)['strict-transport-security']).toBeUndefined();
  });

  it('are on every answer, not-found and errors included, and a route may set its own policy', async () => {
    const app = Fastify();
    await app.register(securityHeaders, options);
    app.get('/file', async (_request, reply) =>
      reply.header('content-security-policy', "sandbox; default-src 'none'").send('bytes'),
    );
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    const csp = securityHeadersFor(options)['content-security-policy'];
    for (const url of ['/nope', '/boom']) {
      const res = await app.inject({ url });
      expect(res.headers['content-security-policy']).toBe(csp);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await app.inject({ url: '/file' })).headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'",
    );
    await app.close();
  });
});
