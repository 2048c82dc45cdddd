/** Share of transactions traced for error monitoring (§9). */
export const errorTracesSampleRate = 0.2;

/** Share of sessions recorded as replays (§9). */
export const replaySessionSampleRate = 0.2;

/** Share of sessions with an error whose replay is kept (§9: all of them). */
export const replayErrorSampleRate = 1;

/** Longest replay kept: one hour in milliseconds (§9). */
export const replayMaxDurationMs = 3_600_000;

/** Logged when a replay passes {@link replayMaxDurationMs} and is dropped (§9). */
export const replayTooLongMessage = 'Session is too long, not sending replay';

/** Kinds of error reporting drops (§8): the 404 transaction, redirects, generic script errors, resize-observer notices. */
export const IgnoredErrorKind = {
  NotFoundTransaction: 'NotFoundTransaction',
  Redirect: 'Redirect',
  ScriptError: 'ScriptError',
  ResizeObserver: 'ResizeObserver',
} as const;
/** One ignored error kind. */
export type IgnoredErrorKind = (typeof IgnoredErrorKind)[keyof typeof IgnoredErrorKind];

/** The ignored error kinds as a list, in the order spec §8 names them. */
export const ignoredErrorKinds: readonly IgnoredErrorKind[] = Object.values(IgnoredErrorKind);

/**
 * Message fragments that identify the browser-originated ignored kinds. The spec names the kinds only; these are
 * the texts browsers actually emit ('Script error.' for opaque cross-origin errors, the two ResizeObserver notices).
 */
export const ignoredErrorMessagePatterns = {
  ScriptError: ['Script error.'],
  ResizeObserver: [
    'ResizeObserver loop limit exceeded',
    'ResizeObserver loop completed with undelivered notifications',
  ],
} as const satisfies Partial<Record<IgnoredErrorKind, readonly string[]>>;

/** Whether an error message belongs to an ignored browser-originated kind, so reporting can drop it. */
export function isIgnoredErrorMessage(message: string): boolean {
  return Object.values(ignoredErrorMessagePatterns).some((patterns) =>
    patterns.some((pattern) => message.includes(pattern)),
  );
}
