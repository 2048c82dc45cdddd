import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decodeJwt, SignJWT } from 'jose';
import { z } from 'zod';
import {
  activeUserSessionSetBodySchema,
  intercomJwtResponseSchema,
  logoutSessionResponseSchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  webSessionSchema,
} from '@touchline/contracts/auth';
import { migrateLegacyRoles, AccessTokenClaim } from '@touchline/contracts/roles';
import { AppError, forbidden, unauthenticated } from '../errors.ts';
import { ErrorCode } from '@touchline/contracts/errors';
import type { AccessTokenVerifier } from '../plugins/authenticate.ts';
import { servedOverTls } from '../plugins/transport-security.ts';
import {
  clearedSessionCookie,
  sealSessionCookie,
  sessionCookieName,
  unsealSessionCookie,
  type SealedSession,
} from './cookie.ts';
import type { IdentityClient } from './identity-client.ts';
import { refreshWebSession } from './refresh.ts';
import { isWebSessionLive, openWebSession, revokeWebSession } from './session.service.ts';

/** What the web-session routes need. */
export type SessionRoutesOptions = {
  password: string;
  /** The app's public origin: the only Origin allowed on these routes, and where sign-out returns. */
  appOrigin: string | undefined;
  identity: IdentityClient;
  verify: AccessTokenVerifier;
  intercomSecret: string | undefined;
};

const publicRoute = { public: true } as const;

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for cookie-authenticated routes: browsers say where a request comes from (Sec-Fetch-Site, else
 * Origin); anything cross-site is refused. Non-browser clients send neither and carry no ambient cookie risk.
 */
function assertSameOrigin(request: FastifyRequest, appOrigin: string | undefined) {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    throw forbidden('Cross-site requests to the session are not allowed');
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    const expected = appOrigin ?? `${request.protocol}://${request.host}`;
    if (originOf(origin) !== originOf(expected))
      throw forbidden('Cross-site requests to the session are not allowed');
  }
}

/**
 * The web session of spec §7 (BFF): a sealed cookie holding the security session, backed by a session row so
 * sign-out revokes it server-side. POST /api/active-user-session-set, GET /api/session, POST /api/refresh-token,
 * GET /api/logout-session-set, POST /api/intercom-jwt.
 */
export async function sessionRoutes(app: FastifyInstance, opts: SessionRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieSettings = (request: FastifyRequest) => ({ secure: servedOverTls(request, opts.appOrigin) });
  app.addHook('onRequest', async (request) => assertSameOrigin(request, opts.appOrigin));

  /** The live session of this request's cookie, or null (no cookie, tampered, expired, or revoked). */
  async function currentSession(request: FastifyRequest): Promise<SealedSession | null> {
    const session = await unsealSessionCookie(request.cookies[sessionCookieName], opts.password);
    if (!session) return null;
    const userId = decodeJwt(session.token).sub ?? '';
    return (await isWebSessionLive(app.database.db, session.sid, userId)) ? session : null;
  }
  async function setCookie(request: FastifyRequest, reply: FastifyReply, session: SealedSession) {
    void reply.header('set-cookie', await sealSessionCookie(session, opts.password, cookieSettings(request)));
  }
  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

  r.post(
    '/api/active-user-session-set',
    { config: publicRoute, schema: { body: activeUserSessionSetBodySchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const body = request.body;
      const actor = await opts.verify(body.token).catch(() => {
        throw unauthenticated('The access token is invalid or has expired');
      });
      const sid = await openWebSession(app.database.db, actor.userId);
      const roles = migrateLegacyRoles(body.roles);
      await setCookie(request, reply, { sid, ...body, roles });
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/session',
    { config: publicRoute, schema: { response: { 200: webSessionSchema } } },
    async (request, reply) => {
      noStore(reply);
      const session = await currentSession(request);
      if (!session) return { token: null, authTime: null, roles: [], remember: false };
      return {
        token: session.token,
        authTime: session.authTime,
        roles: session.roles,
        remember: session.remember,
      };
    },
  );

  r.post(
    '/api/refresh-token',
    {
      config: publicRoute,
      schema: { body: refreshTokenBodySchema, response: { 200: refreshTokenResponseSchema } },
    },
    async (request, reply) => {
      noStore(reply);
      const session = await currentSession(request);
      if (!session) throw unauthenticated('You are signed out');
      if (request.body.refreshToken !== undefined && request.body.refreshToken !== session.refresh_token) {
        throw unauthenticated('The refresh token does not belong to this session');
      }
      const refreshed = await refreshWebSession(app.database.db, opts.identity, opts.password, session);
      if (!refreshed) {
        void reply.header('set-cookie', clearedSessionCookie(cookieSettings(request)));
        throw unauthenticated('The session has ended; sign in again');
      }
      await setCookie(request, reply, refreshed);
      return { token: refreshed.token, authTime: refreshed.authTime };
    },
  );

  r.get(
    '/api/logout-session-set',
    { config: publicRoute, schema: { response: { 200: logoutSessionResponseSchema } } },
    async (request, reply) => {
      noStore(reply);
      const session = await unsealSessionCookie(request.cookies[sessionCookieName], opts.password);
      if (session) {
        await revokeWebSession(app.database.db, session.sid);
        // The session row is already revoked; an unreachable identity service must not keep the user signed in.
        await opts.identity.revoke(session.refresh_token).catch((err: unknown) => {
          request.log.warn({ err }, 'could not revoke the refresh token at the identity service');
        });
      }
      void reply.header('set-cookie', clearedSessionCookie(cookieSettings(request)));
      // Without a configured public URL the app and identity share this origin, so a relative return is exact.
      const returnUrl = opts.appOrigin ? `${new URL(opts.appOrigin).origin}/signin` : '/signin';
      return { logoutUrl: opts.identity.endSessionUrl(returnUrl) };
    },
  );

  r.post(
    '/api/intercom-jwt',
    { config: publicRoute, schema: { response: { 200: intercomJwtResponseSchema } } },
    async (request) => {
      const session = await currentSession(request);
      if (!session) throw unauthenticated('You are signed out');
      if (!opts.intercomSecret) {
        throw new AppError(ErrorCode.ServiceUnavailable, 'The support chat is not configured');
      }
      const claims = decodeJwt(session.token);
      const jwt = await new SignJWT({ user_id: claims.sub, email: claims[AccessTokenClaim.Email] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(opts.intercomSecret));
      return { intercom_user_jwt: jwt };
    },
  );
}
