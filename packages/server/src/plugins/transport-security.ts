import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** One year with subdomains: the HSTS policy browsers keep for the app's origin once they met it over TLS. */
export const hstsValue = 'max-age=31536000; includeSubDomains';

/**
 * Whether the browser reached us over TLS: the request itself (with TRUST_PROXY, X-Forwarded-Proto from the proxy
 * that ended TLS) or a configured https PUBLIC_URL. Decides the cookie's Secure flag and HSTS in one place.
 */
export function servedOverTls(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https://') ?? false);
}

/**
 * Strict-Transport-Security on responses served over TLS only: on plain http the header means nothing to browsers
 * and would wrongly pin a development origin, so helmet's unconditional HSTS is off (ADR 019).
 */
async function transportSecurityPlugin(app: FastifyInstance, opts: { publicUrl: string | undefined }) {
  app.addHook('onSend', async (request, reply) => {
    if (servedOverTls(request, opts.publicUrl)) void reply.header('strict-transport-security', hstsValue);
  });
}

export const transportSecurity = fp(transportSecurityPlugin, { name: 'transport-security' });
