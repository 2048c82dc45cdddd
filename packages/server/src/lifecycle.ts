import closeWithGrace from 'close-with-grace';

/** Thrown by {@link Lifecycle.step} once a shutdown began: start-up stops at that step boundary (ADR 018). */
export class StartInterrupted extends Error {
  constructor() {
    super('start-up interrupted by a shutdown');
    this.name = 'StartInterrupted';
  }
}

/** The process's start and stop, installed first thing so a signal at any moment of start-up ends it cleanly. */
export type Lifecycle = {
  /**
   * Runs one start-up step unless a shutdown began; a signal during the step lets it finish (a migration, a seed
   * transaction, the job workers' registration) and then throws {@link StartInterrupted} instead of going on.
   */
  step: <T>(fn: () => Promise<T>) => Promise<T>;
  /** The shutdown's grace, from the configuration (10 s until then); past it the process exits 1. */
  setGraceMs: (ms: number) => void;
  /** Registers what undoes a finished step; on shutdown the cleanups run last registered first. */
  onStop: (cleanup: () => unknown) => void;
};

/**
 * Installs the SIGTERM/SIGINT (and uncaught error) handling through close-with-grace: on the first signal the
 * step under way finishes, then the cleanups run in reverse and the process exits 0 (1 after an error, or when
 * the grace runs out); a second signal exits at once with 1.
 */
export function startLifecycle(opts: {
  log: { info: (msg: string) => void; error: (err: unknown, msg: string) => void };
}): Lifecycle {
  let stopping = false;
  let graceMs = 10_000;
  let current: Promise<unknown> = Promise.resolve();
  const cleanups: (() => unknown)[] = [];
  // Our own grace timer: the configured grace is known only once the configuration loaded, after the handlers.
  closeWithGrace({ delay: null as unknown as number }, async ({ signal, err }) => {
    stopping = true;
    setTimeout(() => {
      opts.log.error(null, `killed by timeout (${graceMs} ms)`);
      process.exit(1);
    }, graceMs).unref();
    if (err && !(err instanceof StartInterrupted)) opts.log.error(err, 'shutting down after an error');
    else opts.log.info(`shutting down (${signal ?? 'start-up interrupted'})`);
    // The step under way ends on its own (its failure is start-up's, reported above or moot now).
    await current.catch(() => undefined);
    for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
      try {
        await cleanup();
      } catch (cleanupErr) {
        opts.log.error(cleanupErr, 'a shutdown step failed');
      }
    }
  });
  return {
    setGraceMs: (ms) => {
      graceMs = ms;
    },
    step: async (fn) => {
      if (stopping) throw new StartInterrupted();
      const run = fn();
      current = run;
      const result = await run;
      if (stopping) throw new StartInterrupted();
      return result;
    },
    onStop: (cleanup) => {
      cleanups.push(cleanup);
    },
  };
}

/**
 * The server process's lifecycle, installed when this module is first evaluated: main.ts imports it before it loads
 * the rest of the server (seconds under the TypeScript loader), so no moment of start-up meets the default handler.
 */
export const processLifecycle = startLifecycle({
  log: {
    info: (msg) => console.warn(msg),
    error: (err, msg) => (err ? console.error(msg, err) : console.error(msg)),
  },
});
