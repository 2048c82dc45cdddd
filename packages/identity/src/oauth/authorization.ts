import { timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import type { PartnerClient, ResolvedIdentityConfig } from '../config.ts';
import { identityAuthorizationRequests } from '../db/schema.ts';
import { auditIdentity } from '../accounts/users.ts';
import { hashToken, newOpaqueToken } from '../secrets.ts';

/** How long a partner's authorization request waits for the member to sign in and approve it. */
export const authorizationRequestTtlSeconds = 600;
/** How long an issued code may be exchanged (RFC 6749 §4.1.2: short-lived, 10 minutes at most). */
export const authorizationCodeTtlSeconds = 60;
/** The longest a partner's member assertion may live (exp − iat). */
const assertionMaxLifetimeSeconds = 300;
/** The scopes a partner client may ask for (OpenID Connect's). */
export const partnerScopes = ['openid', 'profile', 'email'] as const;

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The registered partner client with this id, if any. */
export function partnerClient(config: ResolvedIdentityConfig, clientId: string): PartnerClient | undefined {
  return config.partnerClients.find((c) => c.clientId === clientId);
}

/** Adds query parameters to a registered redirect URI (kept exactly as registered otherwise). */
function withParams(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * What /connect/authorize does with a request: an error shown on our own page (no trustworthy redirect URI: never
 * redirected, RFC 6749 §4.1.2.1), an error sent back to the client's redirect URI, or the member's sign-in and
 * consent page in the web app.
 */
export type AuthorizeOutcome = { kind: 'page'; message: string } | { kind: 'redirect'; location: string };

/** The query of /connect/authorize, as strings (absent = ''). */
export type AuthorizeQuery = Record<
  | 'response_type'
  | 'client_id'
  | 'redirect_uri'
  | 'state'
  | 'nonce'
  | 'scope'
  | 'code_challenge'
  | 'code_challenge_method'
  | 'member_assertion',
  string
>;

/** A verified member assertion: the partner's member id and the partner site (its organization) it belongs to. */
type MemberAssertion = { memberId: string; site: string };

/**
 * Verifies the partner's member assertion: a JWT signed HS256 with the client's secret, `iss` = the client id,
 * `aud` = our issuer, `sub` = the partner's member id, `site` = the partner site (LeagueApps site id, Amilia
 * organization), living at most five minutes. It proves the partner says who the member is; the member proves the
 * rest by signing in to Touchline.
 */
async function verifyMemberAssertion(
  config: ResolvedIdentityConfig,
  client: PartnerClient,
  assertion: string,
): Promise<MemberAssertion | null> {
  try {
    const { payload } = await jwtVerify(assertion, new TextEncoder().encode(client.secret), {
      algorithms: ['HS256'],
      issuer: client.clientId,
      audience: config.issuer,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: config.now(),
    });
    const site = payload['site'];
    if (typeof site !== 'string' || !site || site.length > 200 || !payload.sub || payload.sub.length > 200)
      return null;
    if ((payload.exp ?? 0) - (payload.iat ?? 0) > assertionMaxLifetimeSeconds) return null;
    return { memberId: payload.sub, site };
  } catch {
    return null;
  }
}

/**
 * GET /connect/authorize (RFC 6749 §4.1.1, PKCE RFC 7636 with S256 only, RFC 9700 §2.1.1): the client and its exact
 * redirect URI first (else our own error page), then every other parameter (else an error to the redirect URI, with
 * `state` and `iss`, RFC 9207). A valid request is stored and the member sent to the web app to sign in and approve.
 */
export async function startAuthorization(
  config: ResolvedIdentityConfig,
  query: AuthorizeQuery,
  ip: string,
): Promise<AuthorizeOutcome> {
  const client = partnerClient(config, query.client_id);
  if (!client) return { kind: 'page', message: 'This application is not registered with Touchline.' };
  if (!query.redirect_uri || !client.redirectUris.includes(query.redirect_uri)) {
    return { kind: 'page', message: 'This return address is not registered for the application.' };
  }
  const fail = (error: string, description: string): AuthorizeOutcome => ({
    kind: 'redirect',
    location: withParams(query.redirect_uri, {
      error,
      error_description: description,
      ...(query.state ? { state: query.state } : {}),
      iss: config.issuer,
    }),
  });
  if (query.response_type !== 'code') {
    return fail('unsupported_response_type', 'Only response_type=code is supported');
  }
  if (!query.state || query.state.length > 500) return fail('invalid_request', 'state is required');
  if (!query.code_challenge) return fail('invalid_request', 'code_challenge is required');
  if (query.code_challenge_method !== 'S256') {
    return fail('invalid_request', 'code_challenge_method must be S256');
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge)) {
    return fail('invalid_request', 'code_challenge is not a base64url SHA-256');
  }
  if (query.nonce.length > 500) return fail('invalid_request', 'nonce is too long');
  const scopes = (query.scope || 'openid').split(' ').filter(Boolean);
  if (!scopes.every((s) => (partnerScopes as readonly string[]).includes(s)) || !scopes.includes('openid')) {
    return fail('invalid_scope', `scope must include openid and only ${partnerScopes.join(', ')}`);
  }
  const assertion = await verifyMemberAssertion(config, client, query.member_assertion);
  if (!assertion) return fail('invalid_request', 'member_assertion is missing or invalid');
  const now = config.now();
  const [row] = await config.db
    .insert(identityAuthorizationRequests)
    .values({
      clientId: client.clientId,
      redirectUri: query.redirect_uri,
      codeChallenge: query.code_challenge,
      state: query.state,
      nonce: query.nonce || null,
      scope: scopes.join(' '),
      partnerSite: assertion.site,
      partnerMemberId: assertion.memberId,
      expiresAt: new Date(now.getTime() + authorizationRequestTtlSeconds * 1000),
      createdAt: now,
    })
    .returning({ id: identityAuthorizationRequests.id });
  if (!row) throw new Error('the authorization request was not stored');
  await auditIdentity(config.db, {
    action: 'oauth.authorize-requested',
    ip,
    data: { clientId: client.clientId, requestId: row.id, partnerMemberId: assertion.memberId },
  });
  return { kind: 'redirect', location: `${config.appUrl}/partner-sign-in?request=${row.id}` };
}

/** A pending authorization request as the product server sees it (to show consent and link the member). */
export type PendingAuthorization = {
  id: string;
  clientId: string;
  clientName: string;
  provider: PartnerClient['provider'];
  partnerSite: string;
  partnerMemberId: string;
  scope: string;
  expiresAt: Date;
};

/** The request still waiting for the member's answer (not answered, not expired, its client still registered). */
export async function readAuthorizationRequest(
  config: ResolvedIdentityConfig,
  id: string,
): Promise<PendingAuthorization | null> {
  const [row] = await config.db
    .select()
    .from(identityAuthorizationRequests)
    .where(
      and(
        eq(identityAuthorizationRequests.id, id),
        isNull(identityAuthorizationRequests.approvedAt),
        gt(identityAuthorizationRequests.expiresAt, config.now()),
      ),
    );
  const client = row && partnerClient(config, row.clientId);
  if (!row || !client) return null;
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: client.name,
    provider: client.provider,
    partnerSite: row.partnerSite,
    partnerMemberId: row.partnerMemberId,
    scope: row.scope,
    expiresAt: row.expiresAt,
  };
}

/**
 * The member's answer to a pending request: approved, a single-use code (only its hash stored) valid for a minute,
 * bound to the user, client, redirect URI and PKCE challenge; declined, `access_denied`. Either way the request is
 * answered once (a conditional update), and the member's browser is sent to the returned address. Null when the
 * request is unknown, already answered or expired.
 */
export async function answerAuthorizationRequest(
  config: ResolvedIdentityConfig,
  input: { id: string; userId: string; approve: boolean; ip?: string },
): Promise<{ redirectUrl: string } | null> {
  const now = config.now();
  const code = newOpaqueToken();
  const [row] = await config.db
    .update(identityAuthorizationRequests)
    .set(
      input.approve
        ? {
            userId: input.userId,
            codeHash: hashToken(code),
            approvedAt: now,
            expiresAt: new Date(now.getTime() + authorizationCodeTtlSeconds * 1000),
          }
        : { approvedAt: now, expiresAt: now, revokedAt: now },
    )
    .where(
      and(
        eq(identityAuthorizationRequests.id, input.id),
        isNull(identityAuthorizationRequests.approvedAt),
        gt(identityAuthorizationRequests.expiresAt, now),
      ),
    )
    .returning();
  if (!row) return null;
  await auditIdentity(config.db, {
    userId: input.userId,
    action: input.approve ? 'oauth.authorized' : 'oauth.declined',
    ip: input.ip ?? null,
    data: { clientId: row.clientId, requestId: row.id },
  });
  const params: Record<string, string> = input.approve
    ? { code, state: row.state, iss: config.issuer }
    : { error: 'access_denied', state: row.state, iss: config.issuer };
  return { redirectUrl: withParams(row.redirectUri, params) };
}

/**
 * Revokes what a partner client holds for a user (the member unlinked the partner): the tokens issued from any of
 * the user's codes for that client stop being accepted at /connect/userinfo. Returns how many grants were revoked.
 */
export async function revokePartnerGrants(
  config: ResolvedIdentityConfig,
  input: { userId: string; clientId: string },
): Promise<number> {
  const now = config.now();
  const rows = await config.db
    .update(identityAuthorizationRequests)
    .set({ revokedAt: now })
    .where(
      and(
        eq(identityAuthorizationRequests.userId, input.userId),
        eq(identityAuthorizationRequests.clientId, input.clientId),
        isNull(identityAuthorizationRequests.revokedAt),
      ),
    )
    .returning({ id: identityAuthorizationRequests.id });
  await auditIdentity(config.db, {
    userId: input.userId,
    action: 'oauth.grants-revoked',
    data: { clientId: input.clientId, count: rows.length },
  });
  return rows.length;
}
