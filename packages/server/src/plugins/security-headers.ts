import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once: helmet's middleware run against a recording response.
 * They depend only on the options (no nonces), so every response can carry the same set.
 */
export function securityHeadersFor(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Helmet's security headers on every response (CSP, frame and referrer policies, nosniff…). `@fastify/helmet` built
 * helmet's middleware again on every request, parsing the CSP each time: about a tenth of the CPU of a cheap request
 * (issue 19 item 1). The headers are the same for every response, so they are computed once at start and set by one
 * synchronous hook; a route may still set its own (a stored file's sandboxing CSP).
 */
async function securityHeadersPlugin(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeadersFor(options);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
