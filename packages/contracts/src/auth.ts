import { z } from 'zod';

import { isAdminPath } from './routes.ts';

/** The security session (§3): the tokens plus when the user authenticated, in epoch milliseconds. */
export const securitySessionSchema = z.object({
  token: z.string().min(1),
  refresh_token: z.string().min(1),
  authTime: z.number().int().nonnegative(),
});
/** The parsed security session. */
export type SecuritySession = z.infer<typeof securitySessionSchema>;

/** Body of POST /api/active-user-session-set (§7): the security session plus role data and "remember me". */
export const activeUserSessionSetBodySchema = securitySessionSchema.extend({
  roles: z.array(z.string().min(1)),
  remember: z.boolean(),
});
/** The parsed session-set body. */
export type ActiveUserSessionSetBody = z.infer<typeof activeUserSessionSetBodySchema>;

/**
 * Body of POST /api/refresh-token (§7): the profile to refresh for and the refresh token. The session cookie holds
 * the refresh token, so the web may leave it out; one that is sent must match the cookie's. profileId is empty
 * while the user has no profile yet.
 */
export const refreshTokenBodySchema = z.object({
  profileId: z.string(),
  refreshToken: z.string().min(1).optional(),
});
/** The parsed refresh-token body. */
export type RefreshTokenBody = z.infer<typeof refreshTokenBodySchema>;

/** Answer of POST /api/refresh-token: the new access token (the rotated refresh token stays in the cookie). */
export const refreshTokenResponseSchema = z.object({ token: z.string().min(1), authTime: z.number().int() });
/** The parsed refresh answer. */
export type RefreshTokenResponse = z.infer<typeof refreshTokenResponseSchema>;

/**
 * Answer of GET /api/session: what the web restores after a reload from the sealed cookie. The refresh token
 * never leaves the cookie. `null` fields mean no session.
 */
export const webSessionSchema = z.object({
  token: z.string().nullable(),
  authTime: z.number().int().nullable(),
  roles: z.array(z.string()),
  remember: z.boolean(),
});
/** The parsed web session. */
export type WebSession = z.infer<typeof webSessionSchema>;

/** Answer of POST /api/intercom-jwt (§7): the support-chat identity token. */
export const intercomJwtResponseSchema = z.object({ intercom_user_jwt: z.string().min(1) });
/** The parsed support-chat JWT answer. */
export type IntercomJwtResponse = z.infer<typeof intercomJwtResponseSchema>;

/** The grant the web client signs in with at the identity service's /connect/token (§7). */
export const passwordGrantType = 'password';

/** Form of POST identity /connect/token for sign-in (§7): client_id, grant_type password, scope, username, password. */
export const passwordGrantFormSchema = z.object({
  client_id: z.string().min(1),
  grant_type: z.literal(passwordGrantType),
  scope: z.string(),
  username: z.string().min(1),
  password: z.string().min(1),
});
/** The parsed password-grant form. */
export type PasswordGrantForm = z.infer<typeof passwordGrantFormSchema>;

/** A /connect/token answer (§7, RFC 6749 §5.1). */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
});
/** The parsed token answer. */
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * The spec's logged-in rule (§4): a token exists and its authTime is earlier than now. With no session, or
 * before session state is loaded, the user is not logged in.
 */
export function isLoggedIn(
  session: { token?: string | null; authTime?: number | null } | null | undefined,
  nowMs: number,
): boolean {
  if (!session?.token || session.authTime == null) return false;
  return session.authTime < nowMs;
}

/** Whether an access token is past expiry (§4) and must be refreshed before the next product API call. */
export function isAccessTokenExpired(expSeconds: number, nowMs: number): boolean {
  return expSeconds * 1000 <= nowMs;
}

/** The support chat is offered to signed-in users except on paths starting with /admin (§1, §2). */
export function isSupportChatAvailable(path: string, loggedIn: boolean): boolean {
  return loggedIn && !isAdminPath(path);
}

/** Answer of GET /api/logout-session-set: where the browser goes next, the identity service's sign-out (§4). */
export const logoutSessionResponseSchema = z.object({ logoutUrl: z.string().min(1) });
/** The parsed logout answer. */
export type LogoutSessionResponse = z.infer<typeof logoutSessionResponseSchema>;
