import { useMemo, useSyncExternalStore } from 'react';
import {
  activeUserSessionSetBodySchema,
  isAccessTokenExpired,
  isLoggedIn,
  logoutSessionResponseSchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  webSessionSchema,
  type TokenResponse,
  type WebSession,
} from '@touchline/contracts/auth';
import { tokenRefreshFailedMessage } from '@touchline/contracts/messages';
import { AccessTokenClaim, migrateLegacyRoles, normalizeRoleClaim } from '@touchline/contracts/roles';
import { api, ApiError, type ApiClient } from './api-client.ts';
import { browserLocation } from './browser-location.ts';
import { claimNumber, claimString, decodeJwtClaims, type TokenClaims } from './jwt.ts';
import {
  leaveSupportSession,
  supportAccessHeaders,
  supportClaims,
  useSupportSession,
} from './support-access.ts';
import { clearOfflineData } from './offline-data.ts';

/** What the SPA knows about the signed-in user (spec §3 security session, without the refresh token). */
export interface SessionSnapshot {
  /** False until GET /api/session has answered; before that nobody is logged in (§4). */
  loaded: boolean;
  token: string | null;
  /** When the user authenticated, epoch milliseconds. */
  authTime: number | null;
  roles: readonly string[];
  remember: boolean;
  claims: TokenClaims;
}

/** Where signed-out users go, and where the identity service's end-session endpoint returns to. */
export const signInPath = '/signin';

/** Refresh this long before the token's exp, so a call never leaves with a token that expires on the way. */
export const refreshEarlyMs = 30_000;

/** Said when a product API call finds the session ended (its refresh failed). */
export const sessionEndedMessage = 'Your session has ended. Sign in again.';

const emptySession = (loaded: boolean): SessionSnapshot => ({
  loaded,
  token: null,
  authTime: null,
  roles: [],
  remember: false,
  claims: {},
});

/** The spec's logged-in rule (§4) over a snapshot: a token whose authTime is earlier than now. */
export function isSessionLoggedIn(session: SessionSnapshot, nowMs: number = Date.now()): boolean {
  return session.loaded && isLoggedIn(session, nowMs);
}

/** Whether the token must be refreshed before the next product API call (expired, or about to). */
export function needsRefresh(claims: TokenClaims, nowMs: number): boolean {
  const exp = claimNumber(claims, AccessTokenClaim.ExpiresAt);
  return exp === undefined || isAccessTokenExpired(exp, nowMs + refreshEarlyMs);
}

/** The signed-in user's names, read from the token claims, for the header and greetings. */
export function sessionUser(session: SessionSnapshot) {
  const { claims } = session;
  const firstName = claimString(claims, AccessTokenClaim.FirstName) ?? '';
  const lastName = claimString(claims, AccessTokenClaim.LastName) ?? '';
  const email = claimString(claims, AccessTokenClaim.Email) ?? '';
  const userName = claimString(claims, AccessTokenClaim.UserName) ?? email;
  const fullName = `${firstName} ${lastName}`.trim();
  return { firstName, lastName, email, userName, displayName: fullName || userName };
}

/** The roles a token carries, legacy names migrated (§4: President → Admin, Operator → Manager). */
export function rolesOfClaims(claims: TokenClaims): string[] {
  return migrateLegacyRoles(normalizeRoleClaim(claims[AccessTokenClaim.Role]));
}

export interface SessionStoreDeps {
  api?: ApiClient;
  now?: () => number;
  /** Full-page navigation (the identity logout), replaceable in tests. */
  assign?: (url: string) => void;
}

/**
 * The client session (spec §3–§4): restored once from the sealed cookie, refreshed single-flight before product
 * API calls, ended by sign-out. The refresh token stays in the HttpOnly cookie; nothing is kept in storage.
 */
export function createSessionStore(deps: SessionStoreDeps = {}) {
  const client = deps.api ?? api;
  const now = deps.now ?? Date.now;
  const assign = deps.assign ?? ((url: string) => browserLocation.assign(url));

  let state: SessionSnapshot = emptySession(false);
  const listeners = new Set<() => void>();
  // Bumped whenever the session is replaced or cleared, so an answer that arrives late cannot undo it.
  let epoch = 0;
  let loading: Promise<void> | null = null;
  let refreshing: Promise<string> | null = null;
  let signingOut: Promise<void> | null = null;

  function set(next: SessionSnapshot) {
    state = next;
    listeners.forEach((listener) => listener());
  }

  function fromToken(token: string, authTime: number, roles: readonly string[], remember: boolean) {
    // A browser clock behind the server's would read a fresh authTime as "not yet" and the user as logged out.
    const seen = Math.min(authTime, now() - 1);
    return { loaded: true, token, authTime: seen, roles, remember, claims: decodeJwtClaims(token) };
  }

  /** Takes the session the server holds (GET /api/session), or none. */
  function applyWebSession(web: WebSession | null) {
    epoch++;
    if (!web?.token || web.authTime === null) set(emptySession(true));
    else set(fromToken(web.token, web.authTime, web.roles, web.remember));
  }

  function ensureLoaded(): Promise<void> {
    loading ??= (async () => {
      const startedAt = epoch;
      try {
        const web = await client.get('/api/session', { schema: webSessionSchema });
        if (epoch === startedAt) applyWebSession(web);
      } catch (error) {
        console.error('Could not restore the session; continuing signed out', error);
        if (epoch === startedAt) applyWebSession(null);
      }
    })();
    return loading;
  }

  function clear() {
    epoch++;
    refreshing = null;
    set(emptySession(true));
  }

  /** Exchanges the refresh token in the cookie for a new access token; parallel callers share one request. */
  function refresh(): Promise<string> {
    refreshing ??= (async () => {
      const startedAt = epoch;
      try {
        const profileId = claimString(state.claims, AccessTokenClaim.CurrentProfileId) ?? '';
        const body = refreshTokenBodySchema.parse({ profileId });
        const answer = await client.post('/api/refresh-token', body, { schema: refreshTokenResponseSchema });
        if (!answer) throw new Error('The refresh answer was empty');
        if (epoch === startedAt) {
          const claims = decodeJwtClaims(answer.token);
          const roles = claims[AccessTokenClaim.Role] === undefined ? state.roles : rolesOfClaims(claims);
          epoch++;
          set(fromToken(answer.token, answer.authTime, roles, state.remember));
        }
        return answer.token;
      } catch (error) {
        console.error(tokenRefreshFailedMessage, error);
        throw error;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  function signOut(): Promise<void> {
    signingOut ??= (async () => {
      let target = signInPath;
      try {
        const answer = await client.get('/api/logout-session-set', { schema: logoutSessionResponseSchema });
        if (answer) target = answer.logoutUrl;
      } catch (error) {
        // The cookie may outlive this failure, but the browser forgets the session either way.
        console.error('Could not end the session on the server', error);
      }
      clear();
      leaveSupportSession();
      await clearOfflineData();
      assign(target);
    })().finally(() => {
      signingOut = null;
    });
    return signingOut;
  }

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: (): SessionSnapshot => state,
    /** Loads the session from the cookie once (GET /api/session); later calls share the first load. */
    ensureLoaded,
    /** Loads the session from the cookie again, e.g. when another tab may have changed it. */
    reload(): Promise<void> {
      loading = null;
      return ensureLoaded();
    },
    /** Sets the session from a known answer of GET /api/session, without a request. */
    restore(web: WebSession | null) {
      loading = Promise.resolve();
      applyWebSession(web);
    },
    /** A token to send to the product API: refreshed first when expired; null when nobody is signed in. */
    async getAccessToken(): Promise<string | null> {
      await ensureLoaded();
      if (!state.token) return null;
      if (!needsRefresh(state.claims, now())) return state.token;
      try {
        return await refresh();
      } catch (error) {
        // No signal is not a refused refresh: the session stays (a check-in device works offline, ADR 044).
        if (error instanceof ApiError && error.status === 0) throw error;
        // §8: a failed refresh clears the session and signs the user out.
        void signOut();
        throw new ApiError(401, sessionEndedMessage, { cause: error });
      }
    },
    /** Refreshes now (after accepting policies, so the claims update); rejects when the refresh fails. */
    refresh,
    /** Stores a fresh sign-in in the sealed session cookie (POST /api/active-user-session-set) and here. */
    async signIn(tokens: Pick<TokenResponse, 'access_token' | 'refresh_token'>, remember: boolean) {
      const claims = decodeJwtClaims(tokens.access_token);
      const authTimeSeconds = claimNumber(claims, AccessTokenClaim.AuthTime);
      const body = activeUserSessionSetBodySchema.parse({
        token: tokens.access_token,
        refresh_token: tokens.refresh_token,
        authTime: authTimeSeconds === undefined ? now() : Math.floor(authTimeSeconds * 1000),
        roles: rolesOfClaims(claims),
        remember,
      });
      await client.post('/api/active-user-session-set', body);
      epoch++;
      set(fromToken(body.token, body.authTime, body.roles, remember));
    },
    /** Ends the session on the server, forgets it here and leaves through the identity logout (§4). */
    signOut,
    /** A 401 from the product API signs the user out (§4, §8), once, and only if someone was signed in. */
    handleUnauthorized() {
      if (state.token) void signOut();
    },
  };
}

/** One session store. */
export type SessionStore = ReturnType<typeof createSessionStore>;

/** The app's session. */
export const session = createSessionStore();

// Product API calls made through the app's client carry this session's token, and a 401 signs out.
api.setAuth({
  getAccessToken: () => session.getAccessToken(),
  onUnauthorized: () => session.handleUnauthorized(),
  headers: supportAccessHeaders,
});

/** The app's session in a component; re-renders when it changes. */
export function useSession(): SessionSnapshot {
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  const support = useSupportSession();
  // Under a platform administrator's support access the app reads as the viewed person (issue 32, ADR 042).
  return useMemo(
    () =>
      support && snapshot.token
        ? { ...snapshot, roles: support.viewedRoles, claims: supportClaims(snapshot.claims, support) }
        : snapshot,
    [snapshot, support],
  );
}
