import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How much of a refused body is read (and dropped) so its sender can read the 413 (issue 28 item 4). */
export const oversizedDrainBytes = 8 * 1024 * 1024;
/** How long the drain may take before the connection is closed anyway. */
const drainTimeoutMs = 5000;

/** Reads and drops what is left of a request body, up to the bound or the time limit. */
function drain(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > oversizedDrainBytes) done();
    };
    const timer = setTimeout(done, drainTimeoutMs);
    raw.on('data', onData);
    raw.once('end', done);
    raw.once('error', done);
    raw.once('close', done);
    raw.resume();
  });
}

/**
 * A body over a route's limit is refused with 413 before it is read, and the connection is closed after the answer
 * (Fastify asks for that: the client is still sending); a body of a type the route does not take is refused unread
 * too. Closed with unread data, the socket is reset, and a client still writing sees EPIPE or ECONNRESET instead of
 * the answer. So before any refusal of an unread body the rest of it is read and dropped (up to 8 MB or 5 s), and
 * then the answer goes out: browsers and SDKs show the error (ADR 020).
 */
export const oversizedBody = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) await drain(request);
    return payload;
  });
});
