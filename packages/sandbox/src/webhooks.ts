import type { FaultSwitch } from './faults.ts';

/** How a vendor signs one delivery: the headers it adds for these exact body bytes. */
export type WebhookSigner = (body: string, sentAt: Date) => Record<string, string>;

/** One attempt at delivering one event to one endpoint, as the control API reports it. */
export type DeliveryRecord = {
  eventId: string;
  url: string;
  attempt: number;
  status: number | 'network-error' | 'dropped';
  at: string;
};

/** How deliveries misbehave on purpose (the webhook half of the fault switch). */
export type WebhookBehaviour = {
  /** Each event is delivered this many extra times (a vendor's at-least-once redelivery). */
  duplicates: number;
  /** Events are held and delivered newest first when flushed (or after `reorderWindowMs`). */
  reorder: boolean;
  reorderWindowMs: number;
  /** Attempts per event and endpoint before the vendor gives up. */
  maxAttempts: number;
  /** The first retry waits this long; each later one four times longer (vendors back off exponentially). */
  retryDelayMs: number;
};

const defaultBehaviour: WebhookBehaviour = {
  duplicates: 0,
  reorder: false,
  reorderWindowMs: 200,
  maxAttempts: 5,
  retryDelayMs: 250,
};

type Pending = { eventId: string; body: string };

/**
 * Delivers a sandbox's events to the endpoints registered with it, signed as the vendor signs them, with the
 * vendor's retries, and with duplicates, reordering and drops on demand, so a receiver is tested against what
 * real vendors do rather than against a polite test double.
 */
export class WebhookDispatcher {
  private readonly endpoints = new Set<string>();
  private readonly log: DeliveryRecord[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private held: Pending[] = [];
  private heldTimer: NodeJS.Timeout | undefined;
  private inFlight = 0;
  private idleWaiters: (() => void)[] = [];
  behaviour: WebhookBehaviour = { ...defaultBehaviour };

  constructor(
    private readonly sign: WebhookSigner,
    private readonly faults: FaultSwitch,
    private readonly now: () => Date,
  ) {}

  /** Registers an endpoint (the vendor dashboard's "add webhook"). */
  addEndpoint(url: string): void {
    this.endpoints.add(url);
  }

  /** Removes every endpoint. */
  clearEndpoints(): void {
    this.endpoints.clear();
  }

  /** The registered endpoints. */
  listEndpoints(): string[] {
    return [...this.endpoints];
  }

  /** Changes how deliveries misbehave; unnamed settings keep their value. */
  configure(change: Partial<WebhookBehaviour>): void {
    this.behaviour = { ...this.behaviour, ...change };
  }

  /** Every attempt so far, oldest first. */
  deliveries(): readonly DeliveryRecord[] {
    return this.log;
  }

  /** Sends one event (its JSON body, with its id) to every endpoint, as the behaviour says. */
  emit(eventId: string, payload: unknown): void {
    const body = JSON.stringify(payload);
    const dropped = this.faults.take('/__webhooks', ['drop-webhooks']);
    if (dropped) {
      for (const url of this.endpoints)
        this.log.push({ eventId, url, attempt: 0, status: 'dropped', at: this.now().toISOString() });
      return;
    }
    const copies = 1 + Math.max(0, this.behaviour.duplicates);
    for (let i = 0; i < copies; i++) {
      if (this.behaviour.reorder) this.hold({ eventId, body });
      else this.sendToAll({ eventId, body });
    }
  }

  /** Delivers every held event now, newest first. */
  flush(): void {
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    const batch = this.held.reverse();
    this.held = [];
    for (const pending of batch) this.sendToAll(pending);
  }

  /** Resolves once nothing is held, in flight or waiting for a retry. */
  async idle(): Promise<void> {
    if (this.isIdle()) return;
    await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Cancels every retry and held event (the sandbox is closing). */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.heldTimer) clearTimeout(this.heldTimer);
    this.held = [];
    this.settle();
  }

  private hold(pending: Pending): void {
    this.held.push(pending);
    if (!this.heldTimer) this.heldTimer = setTimeout(() => this.flush(), this.behaviour.reorderWindowMs);
  }

  private sendToAll(pending: Pending): void {
    for (const url of this.endpoints) this.attempt(url, pending, 1);
  }

  private attempt(url: string, pending: Pending, attempt: number): void {
    this.inFlight += 1;
    void this.post(url, pending.body)
      .then((status) => {
        this.log.push({ eventId: pending.eventId, url, attempt, status, at: this.now().toISOString() });
        const delivered = typeof status === 'number' && status >= 200 && status < 300;
        if (!delivered && attempt < this.behaviour.maxAttempts) {
          const delay = this.behaviour.retryDelayMs * 4 ** (attempt - 1);
          this.inFlight += 1;
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            this.inFlight -= 1;
            this.attempt(url, pending, attempt + 1);
          }, delay);
          this.timers.add(timer);
        }
      })
      .finally(() => {
        this.inFlight -= 1;
        this.settle();
      });
  }

  private async post(url: string, body: string): Promise<number | 'network-error'> {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.sign(body, this.now()) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return 'network-error';
    }
  }

  private isIdle(): boolean {
    return this.inFlight === 0 && this.held.length === 0;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
