import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../processes.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { startTraffic, tally, type Outcome } from './traffic.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const graceMs = 10_000;

// Issue 16 item 5: SIGTERM under kept-alive traffic took the whole 10 s grace and exited 1. Now readiness goes off,
// in-flight requests finish, kept-alive connections close and the process exits 0 well within the grace (ADR 018).
describe('SIGTERM under kept-alive traffic', () => {
  let server: ServerProcess;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createScratchDatabase('shutdown');
    drop = database.drop;
    server = await startServerProcess({
      env: {
        DATABASE_URL: database.url.toString(),
        RATE_LIMIT_PER_MINUTE: '1000000',
        SHUTDOWN_GRACE_MS: String(graceMs),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it('finishes every in-flight request, then exits 0 well within the grace', async () => {
    let signalledAt = Infinity;
    // A worker stops at its first refusal after the signal: the server is gone for it, as for a load balancer.
    const refusedAfterSignal = (o: Outcome) => o.sentAt >= signalledAt && o.status !== 200;
    const traffic = startTraffic(`${server.url}/api/system/info`, {
      workers: 8,
      timeoutMs: graceMs,
      until: refusedAfterSignal,
    });
    const readiness = startTraffic(`${server.url}/readyz`, {
      workers: 1,
      timeoutMs: graceMs,
      until: refusedAfterSignal,
    });
    await sleep(1500);
    const before = traffic.outcomes.length;

    signalledAt = Date.now();
    server.signal('SIGTERM');
    const exit = await server.exited;
    const shutdownMs = Date.now() - signalledAt;
    await Promise.all([traffic.stop(), readiness.stop()]);

    expect(exit).toEqual({ code: 0, signal: null });
    expect(shutdownMs).toBeLessThan(graceMs / 2);
    expect(before).toBeGreaterThan(0);
    // Sent before the signal (in flight when it came): every one answered 200.
    const inFlight = traffic.outcomes.filter((o) => o.sentAt < signalledAt);
    expect(tally(inFlight)).toEqual({ '200': inFlight.length });
    // Sent after: served, refused with 503, or not connected at all; never cut off mid-request.
    const later = traffic.outcomes.filter((o) => o.sentAt >= signalledAt);
    for (const o of later) {
      expect(o.status === 200 || o.status === 503 || o.error === 'ECONNREFUSED', JSON.stringify(o)).toBe(
        true,
      );
    }
    // Readiness goes off: the signal reaches the server a moment after the test sends it, so a probe sent in that
    // moment may still say 200; once the server refuses anything (a 503 or a refused connection), readiness never says 200 again,
    // and the probe's last answer is a refusal.
    const readyAfter = readiness.outcomes.filter((o) => o.sentAt >= signalledAt);
    const firstRefusal = Math.min(
      ...[...traffic.outcomes, ...readiness.outcomes]
        .filter((o) => o.status === 503 || o.error === 'ECONNREFUSED')
        .map((o) => o.sentAt + o.ms),
    );
    const readyStaleAfterRefusal = readyAfter.filter((o) => o.status === 200 && o.sentAt > firstRefusal);
    expect(readyStaleAfterRefusal, JSON.stringify(readyAfter)).toEqual([]);
    const lastProbe = readyAfter.at(-1);
    expect(
      lastProbe && (lastProbe.status === 503 || lastProbe.error === 'ECONNREFUSED'),
      JSON.stringify(readyAfter),
    ).toBe(true);
    expect(readyAfter.every((o) => o.status === 200 || o.status === 503 || o.error === 'ECONNREFUSED')).toBe(
      true,
    );
    console.warn(
      `SIGTERM under ${8} kept-alive workers: exit ${exit.code} after ${shutdownMs} ms (grace ${graceMs} ms); ` +
        `${inFlight.length} requests before the signal, after it ${JSON.stringify(tally(later))}`,
    );
  });
});
