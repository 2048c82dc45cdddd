import { z } from 'zod';

/** Where the invitation a visitor opened waits while they sign up, confirm their address and sign in. */
const storageKey = 'touchline.pending-invitation';

/**
 * How long an opened invitation is remembered: long enough to confirm the e-mail another day, short enough that a
 * shared computer does not keep it. After that the invitee opens the e-mailed link again.
 */
export const pendingInvitationTtlMs = 7 * 24 * 3600 * 1000;

/** The page that accepts the remembered invitation once the invitee is signed in. */
export const acceptInvitationPath = '/invitation/accept';

const storedSchema = z.object({ token: z.string().min(1), expiresAt: z.number() });

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy modes): the invitee then follows the e-mailed link once signed in.
    return null;
  }
}

/** Remembers the invitation opened from its link (localStorage, so the confirmation link's tab finds it too). */
export function rememberInvitation(token: string, now: number = Date.now()): void {
  storage()?.setItem(storageKey, JSON.stringify({ token, expiresAt: now + pendingInvitationTtlMs }));
}

/** The remembered invitation token, unless it expired (then it is forgotten). */
export function pendingInvitation(now: number = Date.now()): string | null {
  const raw = storage()?.getItem(storageKey) ?? null;
  if (raw === null) return null;
  try {
    const stored = storedSchema.safeParse(JSON.parse(raw));
    if (stored.success && stored.data.expiresAt > now) return stored.data.token;
  } catch {
    // Not ours or damaged: forgotten below.
  }
  forgetInvitation();
  return null;
}

/** Forgets the remembered invitation (accepted, or no longer valid). */
export function forgetInvitation(): void {
  storage()?.removeItem(storageKey);
}

/** Where "Sign in" leads while an invitation waits: back to its acceptance afterwards. */
export function signInHref(email?: string): string {
  const params = new URLSearchParams();
  if (email) params.set('email', email);
  if (pendingInvitation()) params.set('returnTo', acceptInvitationPath);
  const query = params.toString();
  return query ? `/signin?${query}` : '/signin';
}
