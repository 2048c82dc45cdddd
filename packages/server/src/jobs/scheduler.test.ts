import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { startScheduler } from './scheduler.ts';

// Fastify's own logger with logging off: the scheduler's log, with nothing written.
const silent = Fastify({ logger: false }).log;

describe('the interval scheduler', () => {
  it('runs a job at start and every interval, never twice at once, and stop() waits for the run in progress', async () => {
    vi.useFakeTimers();
    try {
      let release: () => void = () => undefined;
      const runs: Date[] = [];
      const run = vi.fn(async (now: Date) => {
        runs.push(now);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      const scheduler = startScheduler([{ name: 'probe', intervalMs: 60_000, run }], silent);
      expect(run).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(run).toHaveBeenCalledTimes(1);
      release();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(run).toHaveBeenCalledTimes(2);
      let stopped = false;
      const stopping = scheduler.stop().then(() => {
        stopped = true;
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      release();
      await stopping;
      await vi.advanceTimersByTimeAsync(120_000);
      expect(run).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failing run and tries again at the next tick', async () => {
    vi.useFakeTimers();
    try {
      const error = vi.spyOn(silent, 'error');
      const run = vi.fn(async () => {
        throw new Error('database is away');
      });
      const scheduler = startScheduler([{ name: 'failing', intervalMs: 1000, run }], silent);
      await vi.advanceTimersByTimeAsync(1000);
      expect(run).toHaveBeenCalledTimes(2);
      expect(error).toHaveBeenCalledWith(
        expect.objectContaining({ job: 'failing' }),
        'a background job failed',
      );
      await scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
