import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createPersistedStore, readStoredValue, type StateStorage } from './persisted-state.ts';

afterEach(() => vi.useRealTimers());

const schema = z.object({ lastPage: z.string() });
const storeOn = (storage: StateStorage, onError: (e: unknown) => void) =>
  createPersistedStore({ key: 'nav', initial: { lastPage: '/' }, schema, storage, onError });

describe('persisted state', () => {
  it('writes every change to storage and restores it in a new store', async () => {
    const first = createPersistedStore({ key: 'nav', initial: { lastPage: '/' }, schema });
    const seen: string[] = [];
    first.subscribe((v) => seen.push(v.lastPage));
    first.set({ lastPage: '/dashboard' });
    expect(seen).toEqual(['/dashboard']);
    expect(JSON.parse(localStorage.getItem('nav') ?? 'null')).toEqual({ lastPage: '/dashboard' });

    const second = createPersistedStore({ key: 'nav', initial: { lastPage: '/' }, schema });
    expect(second.get()).toEqual({ lastPage: '/' });
    await expect(second.rehydrate()).resolves.toEqual({ lastPage: '/dashboard' });
    expect(readStoredValue('nav', schema)).toEqual({ lastPage: '/dashboard' });
  });

  it('drops a saved value that no longer fits its schema', async () => {
    localStorage.setItem('nav', JSON.stringify({ lastPage: 42 }));
    const store = createPersistedStore({ key: 'nav', initial: { lastPage: '/' }, schema });
    await expect(store.rehydrate()).resolves.toEqual({ lastPage: '/' });
    localStorage.setItem('nav', '{not json');
    expect(readStoredValue('nav', schema)).toBeUndefined();
  });

  it('stops waiting for a slow store after the 5000 ms persistence timeout', async () => {
    vi.useFakeTimers();
    const never: StateStorage = {
      getItem: () => new Promise(() => {}),
      setItem: () => {},
      removeItem: () => {},
    };
    const onError = vi.fn();
    const store = storeOn(never, onError);
    let result: unknown;
    void store.rehydrate().then((v) => (result = v));
    await vi.advanceTimersByTimeAsync(4999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual({ lastPage: '/' });
    expect(onError).toHaveBeenCalledWith(new Error('restoring nav took longer than 5000 ms'));
  });

  it('keeps working in memory when storage throws, and clear() forgets', async () => {
    const broken: StateStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    };
    const onError = vi.fn();
    const store = storeOn(broken, onError);
    store.set((prev) => ({ lastPage: `${prev.lastPage}x` }));
    expect(store.get()).toEqual({ lastPage: '/x' });
    await store.rehydrate();
    expect(onError).toHaveBeenCalledTimes(2);
    store.clear();
    expect(store.get()).toEqual({ lastPage: '/' });
  });
});
