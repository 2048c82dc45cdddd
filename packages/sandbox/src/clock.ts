/**
 * A sandbox's own clock: vendors' objects age (a report completes days after it is ordered, a subscription renews
 * a month later), and tests and demos move that time forward on demand instead of waiting for it.
 */
export interface SandboxClock {
  /** The sandbox's current time. */
  now(): Date;
  /** Moves the clock forward; listeners run so that time-driven state (report progress) catches up. */
  advance(ms: number): Promise<void>;
  /** Runs `listener` after every advance with the new time. */
  onAdvance(listener: (now: Date) => Promise<void> | void): void;
}

/** A clock that starts at the real time (or `start`) and moves only when advanced, plus with real time passing. */
export function createSandboxClock(start?: Date): SandboxClock {
  const realStart = Date.now();
  let offset = start ? start.getTime() - realStart : 0;
  const listeners: ((now: Date) => Promise<void> | void)[] = [];
  const now = () => new Date(Date.now() + offset);
  return {
    now,
    async advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('a sandbox clock only moves forward');
      offset += ms;
      for (const listener of listeners) await listener(now());
    },
    onAdvance(listener) {
      listeners.push(listener);
    },
  };
}
