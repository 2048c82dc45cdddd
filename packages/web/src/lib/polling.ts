/** When a query first came back still waiting on someone else (a vendor, a job), per query. */
const waitingSince = new WeakMap<object, number>();

/**
 * A `refetchInterval` for a read that waits on work done elsewhere (an order being placed, a vendor's result): often
 * at first, when the answer usually comes within seconds, then less often the longer it takes — every 2 s for the
 * first 30 s, every 5 s until two minutes, then every 15 s. `false` (no polling) once it no longer waits.
 */
export function waitingInterval(waiting: boolean, query: object, now = Date.now()): number | false {
  if (!waiting) {
    waitingSince.delete(query);
    return false;
  }
  const since = waitingSince.get(query) ?? now;
  waitingSince.set(query, since);
  const waited = now - since;
  if (waited < 30_000) return 2_000;
  if (waited < 120_000) return 5_000;
  return 15_000;
}
