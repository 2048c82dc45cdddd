import type { Actor } from '../plugins/authenticate.ts';
import type { ActorContext } from './actor-context.ts';

/** A map that forgets its least recently used entry past `max` (Map keeps insertion order; a hit re-inserts). */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, V>();
  constructor(private readonly max: number) {}

  /** The entry, marked as just used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores an entry, evicting the least recently used one when full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }

  /** Forgets an entry (a token that failed, a context that no longer loads). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A verified token's actor, kept until the token expires (ms since the epoch). */
export type VerifiedToken = { actor: Actor; expiresAt: number };

/**
 * An actor's context as loaded, with the organization's authorization version it was loaded at (ADR 026). The
 * platform role is not kept: it comes from each request's own token.
 */
export type CachedContext = { context: Omit<ActorContext, 'platformAdmin'>; version: number };

/**
 * The request path's caches, one set per app (ADR 026): verified access tokens (a token's signature and claims do not
 * change, only its expiry is checked again) and actors' contexts (checked against the organization's authorization
 * version on every use). `enabled: false` runs every request the uncached way (the request-path bench compares both).
 */
export type RequestCaches = {
  enabled: boolean;
  tokens: BoundedCache<string, VerifiedToken>;
  contexts: BoundedCache<string, CachedContext>;
  /** Per organization, the version read under way and the one queued to start after it (sharedRead). */
  versionReads: Map<string, { inFlight?: Promise<number>; next?: Promise<number> }>;
};

/** Fresh caches, sized for a server's active users (an entry is a few hundred bytes). */
export function createRequestCaches(max = 10_000): RequestCaches {
  return {
    enabled: true,
    tokens: new BoundedCache(max),
    contexts: new BoundedCache(max),
    versionReads: new Map(),
  };
}

/**
 * An organization's version read shared by the requests that need it: a request never joins a read already under
 * way (it may have started before a change the request must see), only the one queued to start once that read ends
 * — which starts after the request arrived. Under load one read answers many requests.
 */
export function sharedRead(
  caches: RequestCaches,
  organizationId: string,
  read: () => Promise<number>,
): Promise<number> {
  let slot = caches.versionReads.get(organizationId);
  if (!slot) {
    slot = {};
    caches.versionReads.set(organizationId, slot);
  }
  const current = slot;
  if (current.next) return current.next;
  const start = () => {
    const reading = read().finally(() => {
      if (current.inFlight === reading) current.inFlight = undefined;
      if (!current.inFlight && !current.next && caches.versionReads.get(organizationId) === current)
        caches.versionReads.delete(organizationId);
    });
    current.inFlight = reading;
    return reading;
  };
  if (!current.inFlight) return start();
  const queued = current.inFlight
    .catch(() => undefined)
    .then(() => {
      current.next = undefined;
      return start();
    });
  current.next = queued;
  return queued;
}

/** The time a verified token stops being accepted: its `exp` claim, in ms. */
export function tokenExpiry(actor: Actor): number {
  const exp = actor.claims.exp;
  return typeof exp === 'number' ? exp * 1000 : 0;
}
