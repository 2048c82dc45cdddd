import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@touchline/contracts/errors';
import { createTestApp, type TestApp } from '../test/app.ts';
import { conflict, forbidden } from './errors.ts';
import { requireActor } from './plugins/authenticate.ts';

// Routes that exist only in this test, to drive the request path through every branch.
async function probeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/app/probe/:id',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        body: z.object({
          general: z.object({ name: z.string().min(1, 'Name is required') }),
          count: z.number().int(),
        }),
      },
    },
    async (request) => ({ id: request.params.id, actor: requireActor(request).userId }),
  );
  r.get('/api/app/probe-forbidden', async () => {
    throw forbidden();
  });
  r.get('/api/app/probe-conflict', async () => {
    throw conflict('This requirement is already completed');
  });
  r.get('/api/probe-crash', { config: { public: true } }, async () => {
    throw new Error('database password is hunter2');
  });
  r.get(
    '/api/probe-leak',
    { config: { public: true }, schema: { response: { 200: z.object({ name: z.string() }) } } },
    async () => ({ name: 'Ava', secretColumn: 'must not leak' }) as { name: string },
  );
}

describe('the request path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        mount: probeRoutes,
        verifyAccessToken: async (token) => {
          if (token !== 'good-token') throw new Error('bad signature');
          return { userId: 'user-1', profileId: null, roles: ['Admin'], claims: {} };
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers 401 on a protected route without a token, in the error body shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/probe/${crypto.randomUUID()}`,
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe('authentication_required');
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers 401 for an invalid token and for a non-Bearer scheme', async () => {
    const bad = await t.app.inject({
      url: '/api/app/probe-forbidden',
      headers: { authorization: 'Bearer forged' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe('The access token is invalid or has expired');
    const basic = await t.app.inject({
      url: '/api/app/probe-forbidden',
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('answers 400 with field errors for bad params and body', async () => {
    const auth = { authorization: 'Bearer good-token' };
    const badParam = await t.app.inject({
      method: 'POST',
      url: '/api/app/probe/not-a-uuid',
      headers: auth,
      payload: {},
    });
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().error.validationErrors[0]).toMatchObject({ field: 'id', in: 'params' });

    const badBody = await t.app.inject({
      method: 'POST',
      url: `/api/app/probe/${crypto.randomUUID()}`,
      headers: auth,
      payload: { general: { name: '' }, count: 1.5 },
    });
    expect(badBody.statusCode).toBe(400);
    const body = errorBodySchema.parse(badBody.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.validationErrors).toEqual(
      expect.arrayContaining([
        { field: 'general.name', in: 'body', message: 'Name is required' },
        expect.objectContaining({ field: 'count', in: 'body' }),
      ]),
    );
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/probe/${crypto.randomUUID()}`,
      headers: { authorization: 'Bearer good-token', 'content-type': 'application/json' },
      payload: '{"general":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it('runs the handler for a valid token and body', async () => {
    const id = crypto.randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/app/probe/${id}`,
      headers: { authorization: 'Bearer good-token' },
      payload: { general: { name: 'Riverside' }, count: 2 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, actor: 'user-1' });
  });

  it('maps service errors to 403 and 409 with their messages', async () => {
    const auth = { authorization: 'Bearer good-token' };
    const f = await t.app.inject({ url: '/api/app/probe-forbidden', headers: auth });
    expect(f.statusCode).toBe(403);
    expect(f.json().error).toMatchObject({
      code: 'forbidden',
      message: 'You do not have permission to do this',
    });
    const c = await t.app.inject({ url: '/api/app/probe-conflict', headers: auth });
    expect(c.statusCode).toBe(409);
    expect(c.json().error).toMatchObject({
      code: 'conflict',
      message: 'This requirement is already completed',
    });
  });

  it('hides internals of a 500 and returns the request id to quote', async () => {
    const res = await t.app.inject({ url: '/api/probe-crash', headers: { 'x-request-id': 'trace-me' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Internal server error', requestId: 'trace-me' },
    });
    expect(res.body).not.toContain('hunter2');
  });

  it('drops columns the response schema does not list', async () => {
    const res = await t.app.inject('/api/probe-leak');
    expect(res.json()).toEqual({ name: 'Ava' });
  });

  it('answers unknown API routes with a JSON 404, whatever the client accepts', async () => {
    for (const url of ['/api/app/nothing-here', '/api/nothing', '/connect/nothing', '/.well-known/nothing']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(errorBodySchema.parse(res.json()).error.code).toBe('not_found');
    }
  });

  it('sets security headers', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('health, readiness, docs and system info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports liveness and database readiness without a token', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('publishes the OpenAPI document with our routes', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; info: { title: string }; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Touchline API');
    expect(doc.paths).toHaveProperty('/api/system/info');
    expect(doc.paths).not.toHaveProperty('/healthz');
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('tells the product, version and database, and nothing about any organization', async () => {
    const res = await t.app.inject('/api/system/info');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['database', 'environment', 'product', 'version']);
    expect(res.json()).toMatchObject({
      product: 'Touchline',
      environment: 'test',
      database: t.database.kind,
    });
  });
});

describe('readiness when shutting down', () => {
  it('answers 503 once shutdown begins, while requests still finish and close their connection', async () => {
    const t = await createTestApp();
    t.app.beginShutdown();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable', database: t.database.kind });
    const info = await t.app.inject('/api/system/info');
    expect(info.statusCode).toBe(200);
    expect(info.headers.connection).toBe('close');
    await t.close();
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503', async () => {
    const t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable' });
    await t.app.close();
  });
});
