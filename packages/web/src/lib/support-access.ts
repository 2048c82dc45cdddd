import { useSyncExternalStore } from 'react';
import { supportSessionHeader, supportSessionSchema, type SupportSession } from '@touchline/contracts/admin';
import { AccessTokenClaim } from '@touchline/contracts/roles';
import type { TokenClaims } from './jwt.ts';

// A platform administrator's support access in this tab (issue 32, ADR 042): while a session lasts, every product
// API call names it in a header (the server then answers as the viewed person) and the app reads the viewed
// person's claims. Kept in sessionStorage: one tab, gone when the tab closes.

const storageKey = 'touchline.supportSession';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: SupportSession | null } = { raw: null, value: null };

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The session this tab runs under, or null; one expired by the clock reads as none. */
export function currentSupportSession(now: number = Date.now()): SupportSession | null {
  const raw = storage()?.getItem(storageKey) ?? null;
  if (raw !== cached.raw) {
    let value: SupportSession | null = null;
    try {
      const parsed = supportSessionSchema.safeParse(raw ? JSON.parse(raw) : null);
      value = parsed.success ? parsed.data : null;
    } catch {
      value = null;
    }
    cached = { raw, value };
  }
  return cached.value && Date.parse(cached.value.expiresAt) > now ? cached.value : null;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Runs this tab under a support session from now on. */
export function enterSupportSession(session: SupportSession): void {
  storage()?.setItem(storageKey, JSON.stringify(session));
  notify();
}

/** Leaves support access: calls are the administrator's own again. */
export function leaveSupportSession(): void {
  storage()?.removeItem(storageKey);
  notify();
}

/** The header product API calls carry while a session lasts (none otherwise). */
export function supportAccessHeaders(): Record<string, string> {
  const current = currentSupportSession();
  return current ? { [supportSessionHeader]: current.id } : {};
}

/**
 * The claims the app reads under a support session: the administrator's token's own (expiry, acceptances) with
 * the viewed person's identity, names and organization roles, and no platform role.
 */
export function supportClaims(claims: TokenClaims, current: SupportSession): TokenClaims {
  const [firstName = '', ...rest] = current.viewedName.split(' ');
  return {
    ...claims,
    [AccessTokenClaim.Subject]: current.viewedUserId,
    [AccessTokenClaim.CurrentProfileId]: current.profileId,
    [AccessTokenClaim.FirstName]: firstName,
    [AccessTokenClaim.LastName]: rest.join(' '),
    [AccessTokenClaim.Role]: current.viewedRoles,
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The support session of this tab in a component; re-renders when it starts or ends. */
export function useSupportSession(): SupportSession | null {
  return useSyncExternalStore(subscribe, currentSupportSession, currentSupportSession);
}
