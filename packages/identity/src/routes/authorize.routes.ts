import type { FastifyInstance } from 'fastify';
import type { ResolvedIdentityConfig } from '../config.ts';
import { startAuthorization, type AuthorizeQuery } from '../oauth/authorization.ts';
import { invalidTokenChallenge, partnerUserInfo } from '../oauth/code-grant.ts';

const publicRoute = { config: { public: true } } as const;

const authorizeParams = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'nonce',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'member_assertion',
] as const;

/** Each parameter once, as a string ('' when absent); a repeated one is refused (RFC 6749 §3.1). */
function authorizeQuery(query: unknown): AuthorizeQuery | 'repeated' {
  const source = (typeof query === 'object' && query !== null ? query : {}) as Record<string, unknown>;
  const out = {} as AuthorizeQuery;
  for (const name of authorizeParams) {
    const value = source[name];
    if (Array.isArray(value)) return 'repeated';
    out[name] = typeof value === 'string' ? value : '';
  }
  return out;
}

/**
 * Partner sign-in (ADR 041): /connect/authorize starts the authorization code flow of a registered partner client
 * and sends the member to the web app to sign in and approve (the approval is the product server's call, which
 * links the partner's member id first); /connect/userinfo answers a partner's access token.
 */
export async function authorizeRoutes(app: FastifyInstance, config: ResolvedIdentityConfig) {
  app.get('/connect/authorize', publicRoute, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const query = authorizeQuery(request.query);
    const outcome =
      query === 'repeated'
        ? { kind: 'page' as const, message: 'A parameter was given more than once.' }
        : await startAuthorization(config, query, request.ip);
    if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 302);
    return reply
      .code(400)
      .type('text/plain; charset=utf-8')
      .send(`${outcome.message} Go back to the application you came from.`);
  });

  app.get('/connect/userinfo', publicRoute, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const claims = match?.[1] ? await partnerUserInfo(config, match[1]) : null;
    if (!claims) {
      return reply.code(401).header('www-authenticate', invalidTokenChallenge).send({
        error: 'invalid_token',
        error_description: 'The access token is invalid, expired or revoked',
      });
    }
    return claims;
  });
}
