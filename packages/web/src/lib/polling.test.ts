import { describe, expect, it } from 'vitest';
import { waitingInterval } from './polling.ts';

describe('waitingInterval', () => {
  it('polls every 2 s for the first 30 s of waiting, then every 5 s, then every 15 s after two minutes', () => {
    const query = {};
    expect(waitingInterval(true, query, 1_000)).toBe(2_000);
    expect(waitingInterval(true, query, 30_999)).toBe(2_000);
    expect(waitingInterval(true, query, 31_000)).toBe(5_000);
    expect(waitingInterval(true, query, 120_999)).toBe(5_000);
    expect(waitingInterval(true, query, 121_000)).toBe(15_000);
  });

  it('stops when the read no longer waits, and starts over when it waits again', () => {
    const query = {};
    expect(waitingInterval(true, query, 0)).toBe(2_000);
    expect(waitingInterval(true, query, 200_000)).toBe(15_000);
    expect(waitingInterval(false, query, 200_001)).toBe(false);
    expect(waitingInterval(true, query, 300_000)).toBe(2_000);
  });

  it('times each query on its own', () => {
    const first = {};
    const second = {};
    waitingInterval(true, first, 0);
    expect(waitingInterval(true, first, 60_000)).toBe(5_000);
    expect(waitingInterval(true, second, 60_000)).toBe(2_000);
  });
});
