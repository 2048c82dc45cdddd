import { statePersistenceTimeoutMs } from '@touchline/contracts/client-timings';

/** Where client state is kept: localStorage by default; an async store (IndexedDB and the like) also fits. */
export interface StateStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

export interface PersistedStore<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: (value: T) => void): () => void;
  /** Restores the saved value. Resolves with the initial value when storage fails or takes longer than the timeout. */
  rehydrate(): Promise<T>;
  clear(): void;
}

/**
 * What a saved value is checked with: a zod schema, or any other check of the same shape. Dark mode is read before
 * the first paint, by the entry chunk, which checks its boolean by hand rather than load zod (ADR 029).
 */
export interface StoredValueSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

interface Options<T> {
  key: string;
  initial: T;
  schema: StoredValueSchema<T>;
  storage?: StateStorage | null;
  /** The spec's state persistence timeout: 5000 ms. */
  timeoutMs?: number;
  onError?: (error: unknown) => void;
}

function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage can be blocked (privacy modes): the app keeps working in memory
  }
}

/**
 * Client state that survives reloads (spec §9 "state persistence timeout 5000 ms"). We read that timeout the way
 * state-persistence libraries use it: how long restoring saved state may take before the app stops waiting and
 * goes on with the initial state, so a slow or broken store never blocks the first screen. A saved value that no
 * longer matches its schema (an old version) is dropped, never trusted.
 */
export function createPersistedStore<T>(options: Options<T>): PersistedStore<T> {
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const timeoutMs = options.timeoutMs ?? statePersistenceTimeoutMs;
  const report = options.onError ?? ((error: unknown) => console.warn('persisted state:', error));
  const listeners = new Set<(value: T) => void>();
  let value = options.initial;

  const emit = () => listeners.forEach((l) => l(value));
  const decode = (raw: string | null): T | undefined => {
    if (raw === null) return undefined;
    try {
      const parsed = options.schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  };
  const write = (next: T) => {
    try {
      void Promise.resolve(storage?.setItem(options.key, JSON.stringify(next))).catch(report);
    } catch (error) {
      report(error);
    }
  };

  return {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (prev: T) => T)(value) : next;
      write(value);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async rehydrate() {
      if (!storage) return value;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      try {
        const raw = await Promise.race([
          Promise.resolve().then(() => storage.getItem(options.key)),
          timedOut,
        ]);
        if (raw === 'timeout') {
          report(new Error(`restoring ${options.key} took longer than ${timeoutMs} ms`));
          return value;
        }
        const restored = decode(raw);
        if (restored !== undefined) {
          value = restored;
          emit();
        }
      } catch (error) {
        report(error);
      } finally {
        clearTimeout(timer);
      }
      return value;
    },
    clear() {
      value = options.initial;
      try {
        void Promise.resolve(storage?.removeItem(options.key)).catch(report);
      } catch (error) {
        report(error);
      }
      emit();
    },
  };
}

/** Reads a saved value synchronously (for what must be right before the first paint, like the colour scheme). */
export function readStoredValue<T>(key: string, schema: StoredValueSchema<T>): T | undefined {
  try {
    const raw = browserStorage()?.getItem(key) ?? null;
    if (raw === null) return undefined;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
