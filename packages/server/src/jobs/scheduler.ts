import type { FastifyBaseLogger } from 'fastify';

/** A job run on a fixed interval; `run` receives the time of the tick, so tests can drive the clock. */
export type IntervalJob = { name: string; intervalMs: number; run: (now: Date) => Promise<unknown> };

/** A running scheduler; stop() clears the timers and waits for runs still in progress. */
export type Scheduler = { stop: () => Promise<void> };

/**
 * Runs each job at start and then every interval, never two runs of one job at once in this process (a slow run
 * makes the next tick skip). Several processes may run the same jobs: each job takes its rows with row locks, so
 * this needs no cross-process coordination (ADR 011). Errors are logged and the next tick tries again.
 */
export function startScheduler(jobs: readonly IntervalJob[], log: FastifyBaseLogger): Scheduler {
  const running = new Map<string, Promise<void>>();
  const tick = (job: IntervalJob) => {
    if (running.has(job.name)) return;
    const run = job
      .run(new Date())
      .then(
        () => undefined,
        (err: unknown) => log.error({ err, job: job.name }, 'a background job failed'),
      )
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };
  const timers = jobs.map((job) => {
    tick(job);
    const timer = setInterval(() => tick(job), job.intervalMs);
    timer.unref();
    return timer;
  });
  return {
    stop: async () => {
      timers.forEach((timer) => clearInterval(timer));
      await Promise.all(running.values());
    },
  };
}
