import { z } from 'zod';

/** Limits of the sealed web-session cookie (§5, §9), shared by the server and its tests. */
export const sessionCookieLimits = {
  /** Time to live: 14 days. */
  ttlSeconds: 1_209_600,
  /** A sealed cookie longer than this is refused. */
  maxBytes: 4096,
  /** The sealing password must be at least this long. */
  passwordMinLength: 32,
  /** Clock skew allowed when checking expiry. */
  timeSkewSeconds: 60,
} as const;

/** Validates the session sealing password (at least 32 characters), e.g. in server configuration. */
export const sessionPasswordSchema = z.string().min(sessionCookieLimits.passwordMinLength);

/** Support chat timings (§7, §9): start delay, debounce and the JWT request timeout after which it goes without. */
export const supportChatTimings = {
  startDelayMs: 500,
  debounceMs: 300,
  jwtTimeoutMs: 5000,
} as const;

/** How long client state persistence may take before it is given up (§9). */
export const statePersistenceTimeoutMs = 5000;

/** Default wait of the generic debounce helper (§9). */
export const defaultDebounceMs = 166;

/** Retry defaults for requests (§9): 3 retries, 1000 ms apart. */
export const requestRetryDefaults = { retries: 3, delayMs: 1000 } as const;
