// The client's timings (§9) as plain numbers, in a module without zod: the SPA's entry chunk reads one of them
// (the state persistence timeout, for dark mode) and must not load the schema library for it (ADR 029).
// session.ts re-exports them, where they were first declared.

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
