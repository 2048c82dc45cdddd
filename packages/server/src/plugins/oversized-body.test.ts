import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';

// Issue 28 item 4: a body over a route's limit was answered with a reset (the client saw EPIPE) rather than a
// readable 413. Over a real socket: the client sends all of a 1 MB body, then reads the whole answer.
let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t.close());

/** Sends a request with a body of `bytes` over its own connection; resolves with what came back, or the error. */
function send(path: string, contentType: string, bytes: number): Promise<{ answer: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let error: string | undefined;
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      // The whole answer read (its headers and Content-Length bytes): done, whether or not the server closes.
      const end = answer.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      if (end >= 0 && length !== undefined && answer.length >= end + 4 + Number(length)) socket.end();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => (error = err.code ?? err.message));
    socket.on('close', () => resolve({ answer, error }));
    socket.on('connect', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\nContent-Length: ${bytes}\r\n\r\n`,
      );
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let sent = 0;
      const more = () => {
        while (sent < bytes) {
          const part = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
          sent += part.length;
          if (!socket.write(part)) return void socket.once('drain', more);
        }
      };
      more();
    });
  });
}

describe('a body over the route’s limit', () => {
  it('gets a readable 413 on the webhook route (1 MB), 6 MB sent', async () => {
    const { answer, error } = await send('/api/webhooks/stripe', 'application/json', 6 * 1024 * 1024);
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('gets a readable 413 JSON body over the 1 MB API limit (an anonymous call), 6 MB sent', async () => {
    const { answer, error } = await send(
      '/api/app/app-users/register-account',
      'application/json',
      6 * 1024 * 1024,
    );
    expect(error).toBeUndefined();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(body).toContain('"error"');
  });
});
