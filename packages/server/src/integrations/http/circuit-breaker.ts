/** The breaker's settings: how many failures in a row open it, and how long it stays open before a trial call. */
export type BreakerOptions = { failureThreshold: number; cooldownMs: number };

/** Closed (calls flow), open (calls refused at once), half-open (one trial call decides). */
export type BreakerState = 'closed' | 'open' | 'half-open';

/**
 * One vendor's circuit breaker: after `failureThreshold` failed calls in a row (timeouts, network errors, 5xx) the
 * vendor is not called at all for `cooldownMs`, so a vendor outage costs our requests nothing and the vendor is
 * not hammered while it recovers; then one trial call closes it again or reopens it.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private trialInFlight = false;
  private current: BreakerState = 'closed';

  constructor(
    private readonly options: BreakerOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** The state now (an open breaker past its cooldown reads as half-open). */
  get state(): BreakerState {
    if (this.current === 'open' && this.now() - this.openedAt >= this.options.cooldownMs) return 'half-open';
    return this.current;
  }

  /** True when a call may go out now; in half-open, only one trial at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    this.current = 'half-open';
    return true;
  }

  /** A call succeeded (or failed in a way that is the caller's fault, a 4xx): the vendor is up. */
  recordSuccess(): void {
    this.failures = 0;
    this.trialInFlight = false;
    this.current = 'closed';
  }

  /** A call failed because of the vendor: count it, and open when the threshold is reached or a trial failed. */
  recordFailure(): void {
    this.failures += 1;
    const trialFailed = this.trialInFlight;
    this.trialInFlight = false;
    if (trialFailed || this.failures >= this.options.failureThreshold) {
      this.current = 'open';
      this.openedAt = this.now();
    }
  }

  /** Milliseconds until an open breaker lets a trial through (0 when not open). */
  retryAfterMs(): number {
    if (this.state !== 'open') return 0;
    return Math.max(0, this.options.cooldownMs - (this.now() - this.openedAt));
  }
}
