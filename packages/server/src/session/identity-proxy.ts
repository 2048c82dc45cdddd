import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const forwardedHeaders = ['content-type', 'authorization', 'accept'] as const;
const returnedHeaders = [
  'content-type',
  'cache-control',
  'pragma',
  'retry-after',
  'location',
  'www-authenticate',
];

/**
 * When identity runs on its own host (IDENTITY_URL), the browser still talks to one origin: this forwards the
 * identity paths (/connect/*, /.well-known/*, the account calls) to it, so the SPA, its CSP (connect-src 'self')
 * and the session cookie stay same-origin. The client address goes along in X-Forwarded-For for throttling.
 */
export async function identityProxy(app: FastifyInstance, opts: { identityUrl: string }) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_r, body, done) => done(null, body),
  );
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const headers: Record<string, string> = { 'x-forwarded-for': request.ip };
    for (const name of forwardedHeaders) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const body =
      request.method === 'GET' || request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? request.body
          : JSON.stringify(request.body);
    const res = await fetch(`${opts.identityUrl}${request.url}`, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    for (const name of returnedHeaders) {
      const value = res.headers.get(name);
      if (value !== null) void reply.header(name, value);
    }
    return reply.code(res.status).send(Buffer.from(await res.arrayBuffer()));
  };
  const route = { config: { public: true } };
  app.get('/.well-known/*', route, forward);
  app.get('/connect/*', route, forward);
  app.post('/connect/*', route, forward);
  app.post('/api/app/app-users/*', route, forward);
  app.post('/api/app/user-acceptance/accept', route, forward);
}
