import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** The cache names start with this; sign-out deletes every cache under it (src/lib/offline-data.ts). */
export const shellCachePrefix = 'touchline-shell-';

/** Files of public/ the shell needs offline (the installable card's manifest and icons, the favicon). */
const publicShellFiles = [
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];

/**
 * The service worker's source (issue 33, ADR 044): precaches the built app (index.html, every script and style of
 * the build) so a page visited once opens with no signal, the game-day check-in and card among them. It never
 * caches an API answer (`/api/`, `/connect/`, `/.well-known/`, health): those go to the network as they are, and
 * what the check-in needs offline is kept by the page itself (local storage, cleared on sign-out).
 *
 * - Navigation: the network first (index.html is never cached by the browser), the cached index.html without one.
 * - `/assets/…` (hashed, immutable): the cache first, anything fetched once is kept (the QR decoder's WebAssembly).
 * - A new build's worker takes over at once and deletes the older caches.
 */
export function serviceWorkerSource(files: string[]): string {
  const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
  const cacheName = `${shellCachePrefix}${version}`;
  return `// Touchline's service worker, written by the build (packages/web/vite-service-worker.ts). Do not edit.
const CACHE = ${JSON.stringify(cacheName)};
const PRECACHE = ${JSON.stringify(['/index.html', ...publicShellFiles, ...files])};
const NEVER = ['/api/', '/api?', '/connect/', '/.well-known/', '/healthz', '/readyz', '/sw.js'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        Promise.all(PRECACHE.map((url) => cache.add(new Request(url, { cache: 'reload' })).catch(() => undefined))),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((n) => n.startsWith(${JSON.stringify(shellCachePrefix)}) && n !== CACHE)
            .map((n) => caches.delete(n)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function shell() {
  const cache = await caches.open(CACHE);
  return (await cache.match('/index.html')) ?? Response.error();
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const hit = await (await caches.open(CACHE)).match(request);
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (NEVER.some((p) => url.pathname === p.replace(/[/?]$/, '') || url.pathname.startsWith(p))) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => shell()));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(networkFirst(request));
});
`;
}

/**
 * Emits `sw.js` at the root of the build (served with `no-cache`, so a new build's worker is found at once), its
 * precache list the build's scripts and styles. Registered by src/lib/service-worker.ts in production builds.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'touchline-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle)
        .map((output) => `/${output.fileName}`)
        .filter((file) => /^\/assets\/.+\.(?:js|css)$/.test(file))
        .sort();
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(files) });
    },
  };
}
