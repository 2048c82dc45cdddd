import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress.ts';

// In development the API, identity and health routes live on the server (npm run dev starts it on :3000);
// Vite proxies them so the SPA talks to one origin, exactly as in production.
const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/connect', '/.well-known', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
        codeSplitting: {
          // zod in a chunk of its own: left to the automatic split, it shared a chunk with the contracts' plain
          // texts (messages.ts), so the entry's error screen imported all of zod for its wording (ADR 029).
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
});
