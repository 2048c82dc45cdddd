/**
 * What the app keeps on the device for use with no signal (issue 33, ADR 044): game-day check-in packs (public
 * keys, revoked card ids, a team's roster), the member's last card, scans not yet sent, all in local storage under
 * one prefix; and the service worker's cache of the built app (no API answer). Sign-out clears all of it.
 */
export const offlineStoragePrefix = 'touchline.offline.';
/** The service worker's cache names start with this (public/sw.js, written by the build). */
export const offlineCachePrefix = 'touchline-shell-';

export async function clearOfflineData(
  storage: Storage | undefined = globalThis.localStorage,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  if (storage) {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k?.startsWith(offlineStoragePrefix) ?? false,
    );
    keys.forEach((k) => storage.removeItem(k));
  }
  try {
    const names = (await cacheStorage?.keys()) ?? [];
    await Promise.all(
      names.filter((n) => n.startsWith(offlineCachePrefix)).map((n) => cacheStorage?.delete(n)),
    );
  } catch {
    // No cache storage (an insecure origin, a private window): nothing was kept there.
  }
}
