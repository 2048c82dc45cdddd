import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, messageFromErrorBody, retryAfterSecondsOf } from './api-client.ts';

type Reply = { status: number; body?: string; statusText?: string } | Error | DOMException;

/** A fetch that answers the given replies in order and records what it was asked. */
function fakeFetch(...replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    const reply = replies.shift();
    if (!reply) throw new Error('no more replies');
    if (!('status' in reply)) throw reply;
    return new Response(reply.body ?? null, { status: reply.status, statusText: reply.statusText ?? '' });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(...replies: Reply[]) {
  const f = fakeFetch(...replies);
  const sleep = vi.fn(async (_ms: number) => {});
  return { api: createApiClient({ fetch: f.fetch, sleep, baseUrl: 'http://app' }), calls: f.calls, sleep };
}

const thing = z.object({ id: z.string(), count: z.number() });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('successful calls', () => {
  it('parses the body through the contract schema and sends JSON with credentials', async () => {
    const { api, calls } = client({ status: 200, body: '{"id":"a","count":2,"extra":true}' });
    await expect(api.post('/api/things', { name: 'x' }, { schema: thing })).resolves.toEqual({
      id: 'a',
      count: 2,
    });
    expect(calls[0]?.url).toBe('http://app/api/things');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.credentials).toBe('include');
    expect(calls[0]?.init.body).toBe('{"name":"x"}');
    expect(calls[0]?.init.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
    });
  });

  it('gives null for 204 and for an empty body', async () => {
    const { api } = client({ status: 204 }, { status: 200, body: '' });
    await expect(api.delete('/api/things/1')).resolves.toBeNull();
    await expect(api.get('/api/things/1')).resolves.toBeNull();
  });

  it("gives 'Failed to parse response data' for an unparsable body or one that breaks the contract", async () => {
    const { api } = client({ status: 200, body: '<html>' }, { status: 200, body: '{"id":1}' });
    expect((await failure(api.get('/api/x'))).message).toBe('Failed to parse response data');
    expect((await failure(api.get('/api/x', { schema: thing }))).message).toBe(
      'Failed to parse response data',
    );
  });
});

describe('failed calls', () => {
  it('reads a 404 as empty only when asked', async () => {
    const { api } = client(
      { status: 404, body: '{}' },
      { status: 404, body: '{"error":{"code":"not_found","message":"Member not found"}}' },
    );
    await expect(api.get('/api/x', { notFoundAsEmpty: true })).resolves.toBeNull();
    const error = await failure(api.get('/api/x'));
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Member not found' });
  });

  it('takes the message from the error object, its details, or nested errors', async () => {
    expect(messageFromErrorBody({ error: { code: 'x', message: 'Plain message' } })).toBe('Plain message');
    expect(messageFromErrorBody({ error: { details: 'Only details' } })).toBe('Only details');
    expect(messageFromErrorBody({ error: { errors: [{ message: 'First' }, { message: 'Second' }] } })).toBe(
      'First; Second',
    );
    expect(messageFromErrorBody({ errors: ['One', { error: { message: 'Two' } }] })).toBe('One; Two');
    expect(messageFromErrorBody({ error: 'invalid_grant', error_description: 'Bad credentials' })).toBe(
      'Bad credentials',
    );
    expect(messageFromErrorBody({ unrelated: true })).toBeNull();
  });

  it('keeps the field errors of a 400', async () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'Invalid request',
        validationErrors: [{ field: 'name', in: 'body', message: 'Required' }],
      },
    };
    const { api } = client({ status: 400, body: JSON.stringify(body) });
    const error = await failure(api.post('/api/x', {}));
    expect(error.validationErrors).toEqual([{ field: 'name', in: 'body', message: 'Required' }]);
    expect(error.message).toBe('Invalid request');
  });

  it('falls back to the status text when the body says nothing', async () => {
    const { api } = client({ status: 403, body: 'nope', statusText: 'Forbidden' });
    expect((await failure(api.post('/api/x'))).message).toBe('Forbidden');
  });

  it("says 'Failed {context}: {status}' when a context is given", async () => {
    const { api } = client({ status: 409, body: '{"error":{"message":"ignored"}}' });
    expect((await failure(api.post('/api/x', {}, { context: 'to save the member' }))).message).toBe(
      'Failed to save the member: 409',
    );
  });
});

describe('retries', () => {
  it('retries an idempotent call 3 times, 1000 ms apart, on 5xx and network errors', async () => {
    const { api, calls, sleep } = client(
      { status: 503 },
      new TypeError('Failed to fetch'),
      { status: 500 },
      { status: 200, body: '{"id":"a","count":1}' },
    );
    await expect(api.get('/api/x', { schema: thing })).resolves.toEqual({ id: 'a', count: 1 });
    expect(calls).toHaveLength(4);
    expect(sleep.mock.calls).toEqual([[1000], [1000], [1000]]);
  });

  it('gives up after the third retry with the last error', async () => {
    const { api, calls } = client(
      { status: 500 },
      { status: 500 },
      { status: 500 },
      { status: 502, statusText: 'Bad Gateway' },
    );
    const error = await failure(api.get('/api/x'));
    expect(error.status).toBe(502);
    expect(calls).toHaveLength(4);
  });

  it('never retries a POST, a 4xx or an aborted call', async () => {
    const post = client({ status: 500 }, { status: 200, body: '{}' });
    expect((await failure(post.api.post('/api/x'))).status).toBe(500);
    expect(post.calls).toHaveLength(1);

    const notFound = client({ status: 404 }, { status: 200, body: '{}' });
    await failure(notFound.api.get('/api/x'));
    expect(notFound.calls).toHaveLength(1);

    const aborted = client(new DOMException('aborted', 'AbortError'), { status: 200, body: '{}' });
    await expect(aborted.api.get('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborted.calls).toHaveLength(1);
  });

  it('retries PUT and DELETE like GET, but never PATCH', async () => {
    const put = client({ status: 503 }, { status: 204 });
    await expect(put.api.put('/api/x', { a: 1 })).resolves.toBeNull();
    expect(put.calls).toHaveLength(2);
    const del = client({ status: 500 }, { status: 204 });
    await expect(del.api.delete('/api/x')).resolves.toBeNull();
    expect(del.calls).toHaveLength(2);
    const patch = client({ status: 503 }, { status: 204 });
    expect((await failure(patch.api.patch('/api/x', {}))).status).toBe(503);
    expect(patch.calls).toHaveLength(1);
  });

  it("says 'Failed {context}: 0' for a network failure with a context, and 'HTTP {status}' without status text", async () => {
    const offline = client(new TypeError('Failed to fetch'));
    expect((await failure(offline.api.post('/api/x', {}, { context: 'to save' }))).message).toBe(
      'Failed to save: 0',
    );
    const bare = client({ status: 418, body: '' });
    expect((await failure(bare.api.post('/api/x'))).message).toBe('HTTP 418');
  });

  it('reports a network failure as status 0', async () => {
    const { api } = client(new TypeError('Failed to fetch'));
    const error = await failure(api.post('/api/x'));
    expect(error.status).toBe(0);
  });
});

describe('session hooks and identity answers', () => {
  function withAuth(token: string | null, ...replies: Reply[]) {
    const f = fakeFetch(...replies);
    const auth = { getAccessToken: vi.fn(async () => token), onUnauthorized: vi.fn() };
    const api = createApiClient({ fetch: f.fetch, sleep: async () => {}, auth });
    return { api, auth, calls: f.calls };
  }

  it('sends the Bearer token only to /api/app/* unless told otherwise, and a 401 there calls onUnauthorized', async () => {
    const { api, auth, calls } = withAuth(
      'tok',
      { status: 200, body: '{}' },
      { status: 200 },
      { status: 401 },
    );
    await api.get('/api/app/x');
    await api.post('/api/app/app-users/forgot-password', {}, { auth: false });
    await failure(api.get('/api/app/y'));
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer tok' });
    expect(calls[1]?.init.headers).not.toHaveProperty('authorization');
    expect(auth.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 on a call that carried no token does not sign anyone out', async () => {
    const { api, auth } = withAuth('tok', { status: 401 });
    expect((await failure(api.post('/api/app/app-users/confirm-email', {}, { auth: false }))).status).toBe(
      401,
    );
    expect(auth.onUnauthorized).not.toHaveBeenCalled();
  });

  it('reads the RFC 6749 error code and description, and Retry-After in seconds or as a date', async () => {
    const fetch = vi.fn(async () => {
      return new Response('{"error":"slow_down","error_description":"Too many attempts."}', {
        status: 429,
        headers: { 'retry-after': '30' },
      });
    });
    const api = createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch });
    const error = await failure(api.post('/connect/token', new URLSearchParams({ a: 'b' })));
    expect(error).toMatchObject({ status: 429, code: 'slow_down', message: 'Too many attempts.' });
    expect(error.retryAfterSeconds).toBe(30);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(
      retryAfterSecondsOf('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')),
    ).toBe(30);
    expect(retryAfterSecondsOf(null)).toBeUndefined();
    expect(retryAfterSecondsOf('soon')).toBeUndefined();
  });

  it('expectStatus turns every other success status into a failure (e.g. "succeeds only on 204")', async () => {
    const { api } = client({ status: 204 }, { status: 200, body: '{}' });
    await expect(api.post('/api/x', {}, { expectStatus: 204 })).resolves.toBeNull();
    expect((await failure(api.post('/api/x', {}, { expectStatus: 204 }))).status).toBe(200);
  });
});
