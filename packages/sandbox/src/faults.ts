/**
 * The fault switch of a sandbox: what a real vendor does on a bad day, on demand. `error` answers 500 (or the status
 * given), `timeout` holds the request without answering, `drop-webhooks` accepts events but never delivers them.
 * A fault applies to the next `count` matching requests (or until cleared), to paths starting with `pathPrefix`.
 */
export type FaultMode = 'error' | 'timeout' | 'drop-webhooks';

/** One armed fault. */
export type Fault = {
  mode: FaultMode;
  /** How many requests (or webhooks) it still applies to; undefined = until cleared. */
  remaining?: number;
  /** Only requests whose path starts with this (e.g. `/reports`); undefined = every vendor request. */
  pathPrefix?: string;
  /** The status `error` answers with. */
  status?: number;
};

/** The armed faults of one sandbox and the decision, per request, of which one fires. */
export class FaultSwitch {
  private faults: Fault[] = [];

  /** Arms a fault (faults apply in the order armed). */
  arm(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  /** Disarms everything. */
  clear(): void {
    this.faults = [];
  }

  /** What is armed now (for the control API). */
  list(): readonly Fault[] {
    return this.faults;
  }

  /** The fault that fires for this request path and mode family, consuming one use of it, or null. */
  take(path: string, modes: readonly FaultMode[]): Fault | null {
    const index = this.faults.findIndex(
      (f) => modes.includes(f.mode) && (f.pathPrefix === undefined || path.startsWith(f.pathPrefix)),
    );
    if (index < 0) return null;
    const fault = this.faults[index]!;
    if (fault.remaining !== undefined) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults.splice(index, 1);
    }
    return fault;
  }
}
