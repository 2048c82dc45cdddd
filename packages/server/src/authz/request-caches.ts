import type { Actor, ActorContext } from './actor-types.ts';

/**
 * A map bounded to `max` entries that forgets the least recently used first, by generations: entries live in a young
 * and an old map of at most `max / 2` each. A hit in the young map costs one lookup and moves nothing (the hot path:
 * every signed-in request reads two of these); a hit in the old map moves the entry to the young one. When the young
 * map is full it becomes the old one and the old one is dropped, so what was not used for a whole generation goes.
 */
export class BoundedCache<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly generation: number;
  constructor(max: number) {
    this.generation = Math.max(1, Math.floor(max / 2));
  }

  /** The entry, marked as just used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.young.get(key);
    if (value !== undefined) return value;
    const aged = this.old.get(key);
    if (aged === undefined) return undefined;
    this.old.delete(key);
    this.keep(key, aged);
    return aged;
  }

  /** Stores an entry, as just used. */
  set(key: K, value: V): void {
    this.old.delete(key);
    this.keep(key, value);
  }

  private keep(key: K, value: V): void {
    this.young.set(key, value);
    if (this.young.size >= this.generation) {
      this.old = this.young;
      this.young = new Map();
    }
  }

  /** Forgets an entry (a token that failed, a context that no longer loads). */
  delete(key: K): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  get size(): number {
    return this.young.size + this.old.size;
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
