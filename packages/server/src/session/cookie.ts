import { sealData, unsealData } from 'iron-session';
import { z } from 'zod';
import { sessionCookieLimits } from '@touchline/contracts/session';
import { AppError } from '../errors.ts';
import { ErrorCode } from '@touchline/contracts/errors';

/** The session cookie's name. */
export const sessionCookieName = 'touchline_session';

/** What the sealed cookie holds: the security session (§3), role data, "remember me" and the session row id. */
export const sealedSessionSchema = z.object({
  sid: z.string().uuid(),
  token: z.string(),
  refresh_token: z.string(),
  authTime: z.number(),
  roles: z.array(z.string()),
  remember: z.boolean(),
});
/** The unsealed session. */
export type SealedSession = z.infer<typeof sealedSessionSchema>;

/** Cookie attributes (spec §5, ARCHITECTURE §2): HttpOnly, SameSite=Lax, Secure over TLS, path /. */
export type CookieSettings = { secure: boolean };

/**
 * Seals the session exactly as iron-session does (same seal format, TTL 1209600 s, 60 s skew), so iron-session
 * itself can read our cookie, and serializes the Set-Cookie value. A cookie over 4096 bytes is refused (§5).
 */
export async function sealSessionCookie(
  session: SealedSession,
  password: string,
  settings: CookieSettings,
): Promise<string> {
  const sealed = await sealData(session, { password, ttl: sessionCookieLimits.ttlSeconds });
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax'];
  // Remembered sessions outlive the browser; iron-session's maxAge is the TTL less the skew.
  if (session.remember) {
    attributes.push(`Max-Age=${sessionCookieLimits.ttlSeconds - sessionCookieLimits.timeSkewSeconds}`);
  }
  if (settings.secure) attributes.push('Secure');
  const cookie = [`${sessionCookieName}=${sealed}`, ...attributes].join('; ');
  if (cookie.length > sessionCookieLimits.maxBytes) {
    throw new AppError(ErrorCode.PayloadTooLarge, 'The session is too large to keep in a cookie', {
      details: `The sealed cookie is ${cookie.length} bytes; the limit is ${sessionCookieLimits.maxBytes}.`,
    });
  }
  return cookie;
}

/** A Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(settings: CookieSettings): string {
  return [
    `${sessionCookieName}=`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    'Max-Age=0',
    ...(settings.secure ? ['Secure'] : []),
  ].join('; ');
}

/** Unseals a cookie value; a tampered, expired or malformed cookie reads as no session. */
export async function unsealSessionCookie(
  value: string | undefined,
  password: string,
): Promise<SealedSession | null> {
  if (!value) return null;
  try {
    const data = await unsealData<unknown>(value, { password, ttl: sessionCookieLimits.ttlSeconds });
    const parsed = sealedSessionSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
