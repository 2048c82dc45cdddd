import { describe, expect, it } from 'vitest';
import { shellCachePrefix, serviceWorkerSource } from './vite-service-worker.ts';
import { offlineCachePrefix } from './src/lib/offline-data.ts';

describe('the service worker the build writes', () => {
  it('precaches the shell and the build, never an API route, and names its cache for sign-out', () => {
    const source = serviceWorkerSource(['/assets/index-a.js', '/assets/index-b.css']);
    const precache = JSON.parse(/const PRECACHE = (\[.*\]);/.exec(source)?.[1] ?? '[]') as string[];
    expect(precache).toEqual(
      expect.arrayContaining(['/index.html', '/assets/index-a.js', '/assets/index-b.css']),
    );
    expect(precache.some((p) => p.startsWith('/api'))).toBe(false);
    expect(source).toContain("const NEVER = ['/api/', '/api?', '/connect/', '/.well-known/'");
    expect(shellCachePrefix).toBe(offlineCachePrefix);
    // A new build (other files) is a new cache; the same build, the same one.
    expect(serviceWorkerSource(['/assets/index-c.js'])).not.toBe(source);
    expect(serviceWorkerSource(['/assets/index-a.js', '/assets/index-b.css'])).toBe(source);
  });
});
