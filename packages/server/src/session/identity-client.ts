import type { FastifyInstance } from 'fastify';
import { tokenResponseSchema, type TokenResponse } from '@touchline/contracts/auth';
import { webClientId } from '@touchline/contracts/accounts';

/** What the web-session routes ask of the identity service, over its public protocol only. */
export type IdentityClient = {
  /** Uses a refresh token (refresh_token grant); null when the identity service refuses it. */
  refresh: (refreshToken: string) => Promise<TokenResponse | null>;
  /** Revokes the refresh token's family (RFC 7009), so sign-out holds at the identity service too. */
  revoke: (refreshToken: string) => Promise<void>;
  /** The identity service's sign-out URL, returning the browser to `returnUrl`. */
  endSessionUrl: (returnUrl: string) => string;
};

/** An answer body as JSON; an empty or non-JSON body (a proxy's error page) reads as null and fails the schema. */
function parseJsonOrNull(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

type Post = (path: string, form: Record<string, string>) => Promise<{ status: number; body: unknown }>;

function clientOver(post: Post, publicOrigin: string): IdentityClient {
  return {
    refresh: async (refreshToken) => {
      const res = await post('/connect/token', {
        grant_type: 'refresh_token',
        client_id: webClientId,
        refresh_token: refreshToken,
      });
      if (res.status !== 200) return null;
      const parsed = tokenResponseSchema.safeParse(res.body);
      return parsed.success ? parsed.data : null;
    },
    revoke: async (refreshToken) => {
      await post('/connect/revocation', { token: refreshToken, token_type_hint: 'refresh_token' });
    },
    endSessionUrl: (returnUrl) =>
      `${publicOrigin}/connect/endsession?post_logout_redirect_uri=${encodeURIComponent(returnUrl)}`,
  };
}

/** The identity service mounted in this very server: requests go through Fastify's inject, never the network. */
export function inProcessIdentityClient(app: FastifyInstance, publicOrigin: string): IdentityClient {
  return clientOver(async (path, form) => {
    const res = await app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    return { status: res.statusCode, body: parseJsonOrNull(res.body) };
  }, publicOrigin);
}

/** The identity service on its own origin (IDENTITY_URL), reached over HTTP with a timeout. */
export function httpIdentityClient(origin: string): IdentityClient {
  return clientOver(async (path, form) => {
    const res = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: parseJsonOrNull(await res.text()) };
  }, origin);
}
