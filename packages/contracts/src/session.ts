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

// The client timings live in a module without zod, for the SPA's entry chunk; imported from here they still work.
export {
  defaultDebounceMs,
  requestRetryDefaults,
  statePersistenceTimeoutMs,
  supportChatTimings,
} from './client-timings.ts';
