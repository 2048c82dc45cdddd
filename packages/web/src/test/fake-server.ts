import { vi } from 'vitest';

/** One recorded request of a fake server. */
export interface RecordedCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
}

type Reply = { status: number; body?: unknown; headers?: Record<string, string> };
type Handler = Reply | ((call: RecordedCall) => Reply | Promise<Reply>);

function headersOf(init: RequestInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  new Headers(init?.headers).forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

function bodyOf(init: RequestInit | undefined): string | null {
  const body = init?.body;
  if (body === undefined || body === null) return null;
  return typeof body === 'string' ? body : String(body);
}

/**
 * A fetch that answers by "METHOD /path" (the query string is ignored; the path alone matches every method)
 * and records every call, so tests read like the HTTP conversation they expect.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://app.test');
    const call: RecordedCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers: headersOf(init),
      body: bodyOf(init),
    };
    calls.push(call);
    const handler = routes[`${call.method} ${url.pathname}`] ?? routes[url.pathname];
    if (!handler)
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), {
        status: 404,
      });
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      headers: reply.headers ?? {},
    });
  });
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path.split('?')[0] === path);
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, callsTo };
}

/** The API's 400 answer with field errors (ARCHITECTURE's error body), as a fake server's reply. */
export function validationFailed(
  ...validationErrors: { field: string; in: string; message: string }[]
): Reply {
  return {
    status: 400,
    body: { error: { code: 'validation_failed', message: 'The request is invalid', validationErrors } },
  };
}

/** Installs a fake server as the global fetch (the app's own API client uses it). */
export function serveGlobally(routes: Record<string, Handler>) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
