import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress.ts';
import { serviceWorker } from './vite-service-worker.ts';

// In development the API, identity and health routes live on the server (npm run dev starts it on :3000);
// Vite proxies them so the SPA talks to one origin, exactly as in production.
const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/connect', '/.well-known', '/healthz', '/readyz'];

/**
 * The chunks, by route instead of by module (ADR 029). Left to the automatic split, the signed-in dashboard's first
 * load fetched about 56 chunks after the entry, most under 1 kB; under simulated HTTP/1.1 each is a round trip on one
 * of six connections. Groups, highest priority first:
 *
 * - everything the entry loads statically stays where it is (`$initial`), so no group pulls the entry's modules
 *   into a chunk the entry must then import;
 * - zod alone: the sign-in page and every signed-in page need it, the entry never;
 * - the libraries of the signed-in shell (React Aria and what it brings) and TanStack Query, one chunk each;
 * - the app's shared code (lib/, components/, the contracts): what sign-in and the signed-in pages both read;
 * - the dashboard's first calls, which its route's loader starts before the signed-in code has loaded;
 * - the signed-in features, one chunk.
 *
 * No group includes its modules' dependencies: each module goes to the one group that names it, or stays put.
 */
const library = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);
/** Shared modules that bring React Aria: they go with the signed-in pages, so sign-in never loads React Aria. */
const signedInOnly =
  /[\\/]components[\\/](ui[\\/](modal|tabs|disclosure)|layouts[\\/](app-layout|navigation-drawer))\.tsx$/;
/**
 * What the signed-out pages run (the root route, sign-in, sign-up, password pages, policy and error screens), except
 * the Updated Policies gate, which the signed-in shell shows (it brings the modal, so React Aria).
 */
const signedOut =
  /[\\/]features[\\/](auth|signup)[\\/]|[\\/]app[\\/]routes[\\/](root|policy-pages|page-loading|route-error|not-found)\.tsx$/;
const policiesGate = /[\\/]features[\\/]auth[\\/](components[\\/]updated-policies-|api[\\/]accept-policy)/;
/**
 * Stripe's library loads Stripe.js when it is evaluated: it stays with the card forms (the payment page's and the
 * member's), in their own lazy chunks. In the signed-in chunk, the member's form pulled it into every signed-in page.
 */
const cardForm = /[\\/]node_modules[\\/](@stripe|prop-types)[\\/]|[\\/](stripe|member)-elements-form\.tsx$/;
/**
 * The game-day camera's QR decoder (zxing-wasm, its WebAssembly fetched apart) and the Ed25519 fallback
 * (@noble/ed25519): each loaded only when a check-in needs it, in chunks of their own, never with the signed-in pages.
 */
const onDemand =
  /[\\/]node_modules[\\/](zxing-wasm|@noble|type-fest)[\\/]|[\\/]game-day[\\/]components[\\/](camera-scanner\.tsx|qr-decoder\.ts)$/;
/** What the dashboard route's loader runs to start the dashboard's first calls (prefetch-dashboard.ts). */
const dashboardData =
  /[\\/]features[\\/]dashboard[\\/](api[\\/](prefetch-dashboard|get-dashboard-info|get-dashboard-members)\.ts|hooks[\\/]use-dashboard-filter\.ts)$/;
/** The signed-in app's own modules (features and routes), the policies gate and the shared parts with React Aria. */
const signedIn = (id: string) =>
  (/[\\/]web[\\/]src[\\/](features|app)[\\/]/.test(id) &&
    !signedOut.test(id) &&
    !cardForm.test(id) &&
    !onDemand.test(id)) ||
  policiesGate.test(id) ||
  signedInOnly.test(id);
/**
 * What a first load can run, filled at buildEnd: every module that the signed-out pages, the lazy modules the
 * router's root loads (session, QueryClient, public layout), the signed-in shell, the session guard and the
 * dashboard route import statically. The signed-in code and the shared code are each split along it.
 */
const firstLoad = new Set<string>();
const firstSignedInPages = /[\\/]app[\\/]routes[\\/](app-shell|require-session|dashboard)\.tsx$/;
const firstLoadRoots = (id: string) =>
  firstSignedInPages.test(id) ||
  (signedOut.test(id) && !policiesGate.test(id)) ||
  /[\\/]src[\\/](lib[\\/](session|query-client)\.ts|components[\\/]layouts[\\/]public-layout\.tsx)$/.test(id);
/**
 * Collects `firstLoad` once the module graph is complete, before the chunks are made: the modules reachable from its
 * roots through static imports. A list kept by hand would fall behind the code.
 */
function firstLoadModules(): Plugin {
  return {
    name: 'touchline-first-load-modules',
    apply: 'build',
    buildEnd() {
      firstLoad.clear();
      const ids = [...this.getModuleIds()];
      if (ids.filter((id) => firstSignedInPages.test(id)).length !== 3)
        throw new Error('the shell, guard or dashboard route module was not found');
      const pending = ids.filter(firstLoadRoots);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (firstLoad.has(id)) continue;
        firstLoad.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
/** The app's shared code: lib/, components/ and the contracts, but the parts with React Aria. */
const shared = (id: string) =>
  (/[\\/]src[\\/](lib|components)[\\/]|[\\/]contracts[\\/]src[\\/]/.test(id) || library('clsx').test(id)) &&
  !signedInOnly.test(id);
const groups = {
  includeDependenciesRecursively: false,
  groups: [
    { name: 'index', tags: ['$initial' as const], priority: 50 },
    { name: 'zod', test: library('zod'), priority: 40 },
    {
      name: 'react-aria',
      test: library(
        'react-aria|react-aria-components|@react-aria|react-stately|@react-stately|@internationalized|@react-types|@swc',
      ),
      priority: 30,
    },
    { name: 'query', test: library('@tanstack|use-sync-external-store'), priority: 30 },
    // Every other library outside the entry (Stripe's, prop-types): left in the chunk of the route that first uses
    // it, it made that chunk and the signed-in one import each other.
    {
      name: 'vendor',
      test: (id: string) => /[\\/]node_modules[\\/]/.test(id) && !cardForm.test(id) && !onDemand.test(id),
      priority: 25,
    },
    // The shared code in two: what a first load can run, and what only the other signed-in pages use.
    // The root route's component goes with it: every first load runs it, and the dashboard's needs no other
    // signed-out module.
    {
      name: 'common',
      test: (id: string) =>
        (shared(id) || /[\\/]app[\\/]routes[\\/]root\.tsx$/.test(id)) && firstLoad.has(id),
      priority: 20,
    },
    { name: 'common-pages', test: shared, priority: 19 },
    // The dashboard's first calls, which its route's loader starts before the signed-in code has loaded.
    { name: 'dashboard-data', test: (id: string) => dashboardData.test(id), priority: 18 },
    { name: 'signed-out', test: (id: string) => signedOut.test(id) && !policiesGate.test(id), priority: 15 },
    // The signed-in code in two: what the shell and the dashboard import (every signed-in first load runs the shell;
    // the dashboard is an administrator's first page), and the other pages. The second imports the first, never the
    // reverse: the first is a static import closure.
    { name: 'signed-in', test: (id: string) => signedIn(id) && firstLoad.has(id), priority: 10 },
    { name: 'signed-in-pages', test: signedIn, priority: 5 },
  ],
};

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), firstLoadModules(), serviceWorker()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under assets/: the server caches them for a year, index.html never.
    assetsDir: 'assets',
    // The chunk graph, for the byte budget of the sign-in route's first load (scripts/check-bundle-budget.mjs).
    // It sits under .vite/, which the server never serves (dot folders are refused).
    manifest: true,
    // No source maps in the build the server serves: they published the whole source (ADR 029). `npm run dev`
    // keeps Vite's own maps.
    sourcemap: false,
    // Every browser the app supports preloads modules itself: the polyfill would only add to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: groups,
      },
    },
  },
});
