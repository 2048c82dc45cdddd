import type { FastifyInstance } from 'fastify';
import { TokenErrorCode } from '@touchline/contracts/accounts';
import type { ResolvedIdentityConfig } from '../config.ts';
import { passwordGrant, refreshTokenGrant, TokenGrantError } from '../tokens/grants.ts';
import { revokeByToken } from '../tokens/refresh-tokens.ts';
import { auditIdentity } from '../accounts/users.ts';
import { authenticatePartnerClient, authorizationCodeGrant } from '../oauth/code-grant.ts';

const publicRoute = { config: { public: true } } as const;

/** The client's credentials: HTTP Basic (client_secret_basic) or the form's client_secret (RFC 6749 §2.3.1). */
function clientCredentials(header: string | undefined, body: unknown): { id: string; secret: string } | null {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const unescape = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      return value;
    }
  };
  const id = unescape(decoded.slice(0, colon));
  const bodyId = field(body, 'client_id');
  return bodyId && bodyId !== id ? null : { id, secret: unescape(decoded.slice(colon + 1)) };
}

function field(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) return '';
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/**
 * /connect/token (password and refresh_token grants for the web client; authorization_code with PKCE for
 * registered partner clients, ADR 041), /connect/revocation (RFC 7009) and /connect/endsession
 * (sign-out with an allow-listed return URL). Token answers are never cached (RFC 6749 §5.1).
 */
export async function tokenRoutes(app: FastifyInstance, config: ResolvedIdentityConfig) {
  app.post('/connect/token', publicRoute, async (request, reply) => {
    void reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    const body = request.body;
    const grantType = field(body, 'grant_type');
    if (grantType === 'authorization_code') {
      const basic = clientCredentials(request.headers.authorization, body);
      const client = authenticatePartnerClient(
        config,
        basic?.id ?? field(body, 'client_id'),
        basic?.secret ?? field(body, 'client_secret'),
      );
      const code = field(body, 'code');
      const redirectUri = field(body, 'redirect_uri');
      const codeVerifier = field(body, 'code_verifier');
      if (!code || !redirectUri || !codeVerifier) {
        throw new TokenGrantError(
          TokenErrorCode.InvalidRequest,
          'code, redirect_uri and code_verifier are required',
        );
      }
      return authorizationCodeGrant(config, { client, code, redirectUri, codeVerifier, ip: request.ip });
    }
    const clientId = field(body, 'client_id');
    if (!clientId) throw new TokenGrantError(TokenErrorCode.InvalidRequest, 'client_id is required');
    if (grantType === 'password') {
      const username = field(body, 'username');
      const password = field(body, 'password');
      if (!username || !password) {
        throw new TokenGrantError(TokenErrorCode.InvalidRequest, 'username and password are required');
      }
      return passwordGrant(config, { clientId, username, password, ip: request.ip });
    }
    if (grantType === 'refresh_token') {
      const refreshToken = field(body, 'refresh_token');
      if (!refreshToken)
        throw new TokenGrantError(TokenErrorCode.InvalidRequest, 'refresh_token is required');
      return refreshTokenGrant(config, { clientId, refreshToken, ip: request.ip });
    }
    if (!grantType) throw new TokenGrantError(TokenErrorCode.InvalidRequest, 'grant_type is required');
    throw new TokenGrantError(
      TokenErrorCode.UnsupportedGrantType,
      `The grant type ${grantType} is not supported`,
    );
  });

  // RFC 7009: answers 200 whether or not the token was known, so revocation cannot be used to probe tokens.
  app.post('/connect/revocation', publicRoute, async (request, reply) => {
    const token = field(request.body, 'token');
    if (!token) throw new TokenGrantError(TokenErrorCode.InvalidRequest, 'token is required');
    const userId = await revokeByToken(config.db, token, config.now());
    if (userId) await auditIdentity(config.db, { userId, action: 'sign-out', ip: request.ip });
    return reply.code(200).send();
  });

  app.get<{ Querystring: { post_logout_redirect_uri?: string } }>(
    '/connect/endsession',
    publicRoute,
    async (request, reply) => {
      const target = request.query.post_logout_redirect_uri ?? config.allowedReturnUrls[0] ?? config.appUrl;
      if (!config.allowedReturnUrls.includes(target)) {
        return reply
          .code(400)
          .type('text/plain; charset=utf-8')
          .send('This sign-out return address is not allowed. You have been signed out; close this window.');
      }
      return reply.redirect(target, 302);
    },
  );
}
