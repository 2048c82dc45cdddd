import { describe, expect, it } from 'vitest';
import { clearOfflineData, offlineCachePrefix, offlineStoragePrefix } from './offline-data.ts';

describe('clearOfflineData (sign-out)', () => {
  it('removes what was kept for offline use and the app caches, nothing else', async () => {
    localStorage.clear();
    localStorage.setItem(`${offlineStoragePrefix}game-day.pack.x`, '{}');
    localStorage.setItem(`${offlineStoragePrefix}game-day.check-in-queue`, '[]');
    localStorage.setItem('touchline.dark-mode', 'dark');
    const names = [`${offlineCachePrefix}abc`, 'someone-else'];
    const deleted: string[] = [];
    const caches = {
      keys: () => Promise.resolve(names),
      delete: (name: string) => {
        deleted.push(name);
        return Promise.resolve(true);
      },
    } as unknown as CacheStorage;
    await clearOfflineData(localStorage, caches);
    expect(Object.keys(localStorage)).toEqual(['touchline.dark-mode']);
    expect(deleted).toEqual([`${offlineCachePrefix}abc`]);
  });
});
