import { describe, expect, it } from 'vitest';

import {
  defaultDebounceMs,
  requestRetryDefaults,
  sessionCookieLimits,
  sessionPasswordSchema,
  statePersistenceTimeoutMs,
  supportChatTimings,
} from './session.ts';

describe('session and timing constants', () => {
  it('session cookie limits are the spec numbers', () => {
    expect(sessionCookieLimits).toEqual({
      ttlSeconds: 1209600,
      maxBytes: 4096,
      passwordMinLength: 32,
      timeSkewSeconds: 60,
    });
    expect(sessionCookieLimits.ttlSeconds).toBe(14 * 24 * 60 * 60);
  });

  it('the session password needs 32 characters', () => {
    expect(sessionPasswordSchema.safeParse('x'.repeat(31)).success).toBe(false);
    expect(sessionPasswordSchema.safeParse('x'.repeat(32)).success).toBe(true);
  });

  it('timings are the spec numbers', () => {
    expect(supportChatTimings).toEqual({ startDelayMs: 500, debounceMs: 300, jwtTimeoutMs: 5000 });
    expect(statePersistenceTimeoutMs).toBe(5000);
    expect(defaultDebounceMs).toBe(166);
    expect(requestRetryDefaults).toEqual({ retries: 3, delayMs: 1000 });
  });
});
