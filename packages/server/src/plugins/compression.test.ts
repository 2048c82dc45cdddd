import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { compression, compressionThreshold } from './compression.ts';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/** A JSON answer well over the threshold, repetitive as a page of members is. */
const bigAnswer = {
  items: Array.from({ length: 60 }, (_, i) => ({
    id: `member-${i}`,
    name: `Member ${i}`,
    status: 'Cleared',
  })),
};

describe('response compression (the plugin)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(compression);
    app.get('/api/big', async () => bigAnswer);
    app.get('/api/small', async () => ({ ok: true }));
    app.get('/api/stored', { compress: false }, async () => bigAnswer);
    app.get('/api/already', async (_request, reply) =>
      reply
        .header('content-encoding', 'gzip')
        .type('application/json')
        .send(gzipSync(JSON.stringify(bigAnswer))),
    );
    app.get('/api/pdf', async (_request, reply) =>
      reply.type('application/pdf').send(Buffer.alloc(4096, 'a')),
    );
    app.get('/api/csv', async (_request, reply) =>
      reply.type('text/csv').send(Readable.from(Array.from({ length: 50 }, (_, i) => `row ${i},a,b\n`))),
    );
    app.get('/elsewhere', async () => bigAnswer);
    app.post('/api/echo', async (request) => ({ length: String(request.body).length }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('sends JSON over the threshold as brotli or gzip when asked, decoding to the same JSON', async () => {
    const plain = JSON.stringify(bigAnswer);
    expect(Buffer.byteLength(plain)).toBeGreaterThan(compressionThreshold);
    for (const [asked, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const res = await app.inject({ url: '/api/big', headers: { 'accept-encoding': asked } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], asked).toBe(expected);
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(plain) / 3);
      expect(JSON.parse(decode(expected, res.rawPayload).toString())).toEqual(bigAnswer);
    }
  });

  it('sends identity when not asked, or asked only for what it does not offer', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }]) {
      const res = await app.inject({ url: '/api/big', headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(bigAnswer);
    }
  });

  it('leaves alone small answers, opted-out routes, encoded answers, other types and paths outside the APIs', async () => {
    const br = { 'accept-encoding': 'br, gzip' };
    const small = await app.inject({ url: '/api/small', headers: br });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    for (const url of ['/api/stored', '/elsewhere', '/api/pdf']) {
      const res = await app.inject({ url, headers: br });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
    }
    const already = await app.inject({ url: '/api/already', headers: br });
    expect(already.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(already.rawPayload).toString())).toEqual(bigAnswer);
  });

  it('compresses a streamed CSV, which decodes to the same lines', async () => {
    const expected = Array.from({ length: 50 }, (_, i) => `row ${i},a,b\n`).join('');
    const res = await app.inject({ url: '/api/csv', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(expected);
  });

  it('never decompresses a request body: its bytes reach the route as sent', async () => {
    const body = gzipSync('x'.repeat(5000));
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ length: body.toString().length });
  });
});

describe('response compression (the app)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses a large API answer (the OpenAPI document) when asked, and not otherwise', async () => {
    const plain = await t.app.inject('/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThreshold);
    const br = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['x-request-id']).toBeDefined();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves the health checks and small answers as they are', async () => {
    for (const url of ['/healthz', '/readyz', '/api/system/info']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBeUndefined();
    }
  });
});
