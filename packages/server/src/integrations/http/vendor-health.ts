import type { BreakerState, CircuitBreaker } from './circuit-breaker.ts';

// What the /admin health page shows of the vendors (issue 32): each vendor's circuit and its recent error rate, as
// this process saw them. Every vendor client registers here when it is built; nothing else writes.

/** How many of a vendor's latest calls the error rate is taken over. */
export const recentCallWindow = 100;

type VendorRecord = {
  breakers: Set<WeakRef<CircuitBreaker>>;
  outcomes: boolean[];
  ok: number;
  failed: number;
};
const vendors = new Map<string, VendorRecord>();

/** Registers a vendor client's breaker; the returned function records one call's outcome (true: the vendor was up). */
export function trackVendorClient(vendor: string, breaker: CircuitBreaker): (ok: boolean) => void {
  let record = vendors.get(vendor);
  if (!record) {
    record = { breakers: new Set(), outcomes: [], ok: 0, failed: 0 };
    vendors.set(vendor, record);
  }
  record.breakers.add(new WeakRef(breaker));
  const { outcomes } = record;
  const totals = record;
  return (ok) => {
    if (ok) totals.ok += 1;
    else totals.failed += 1;
    outcomes.push(ok);
    if (outcomes.length > recentCallWindow) outcomes.splice(0, outcomes.length - recentCallWindow);
  };
}

const severity: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

/** Each vendor's circuit (the worst of its clients in this process) and its latest calls' outcomes. */
export function vendorHealth(): {
  vendor: string;
  circuit: BreakerState;
  recentCalls: number;
  recentFailures: number;
}[] {
  return [...vendors.entries()]
    .map(([vendor, record]) => {
      let circuit: BreakerState = 'closed';
      for (const ref of record.breakers) {
        const breaker = ref.deref();
        if (!breaker) record.breakers.delete(ref);
        else if (severity[breaker.state] > severity[circuit]) circuit = breaker.state;
      }
      const recentFailures = record.outcomes.filter((ok) => !ok).length;
      return { vendor, circuit, recentCalls: record.outcomes.length, recentFailures };
    })
    .sort((a, b) => a.vendor.localeCompare(b.vendor));
}

/** Every vendor's calls since this process started, by outcome: the metrics' vendor call counters. */
export function vendorCallTotals(): { vendor: string; ok: number; failed: number }[] {
  return [...vendors.entries()].map(([vendor, { ok, failed }]) => ({ vendor, ok, failed }));
}
