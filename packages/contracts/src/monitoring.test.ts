import { describe, expect, it } from 'vitest';

import {
  errorTracesSampleRate,
  ignoredErrorKinds,
  isIgnoredErrorMessage,
  replayErrorSampleRate,
  replayMaxDurationMs,
  replaySessionSampleRate,
  replayTooLongMessage,
} from './monitoring.ts';

describe('monitoring', () => {
  it('sample rates and replay limits are the spec numbers', () => {
    expect(errorTracesSampleRate).toBe(0.2);
    expect(replaySessionSampleRate).toBe(0.2);
    expect(replayErrorSampleRate).toBe(1);
    expect(replayMaxDurationMs).toBe(60 * 60 * 1000);
    expect(replayTooLongMessage).toBe('Session is too long, not sending replay');
  });

  it('ignores the four kinds of spec §8', () => {
    expect(ignoredErrorKinds).toEqual(['NotFoundTransaction', 'Redirect', 'ScriptError', 'ResizeObserver']);
  });

  it('recognises the browser notices it drops', () => {
    expect(isIgnoredErrorMessage('Script error.')).toBe(true);
    expect(isIgnoredErrorMessage('ResizeObserver loop limit exceeded')).toBe(true);
    expect(isIgnoredErrorMessage('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(isIgnoredErrorMessage('TypeError: x is undefined')).toBe(false);
  });
});
