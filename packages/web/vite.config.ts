import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API, identity and health routes live on the server (npm run dev starts it on :3000);
// Vite proxies them so the SPA talks to one origin, exactly as in production.
const apiTarget = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/connect', '/.well-known', '/healthz', '/readyz'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed file names under assets/: the server caches them for a year, index.html never.
    assetsDir: 'assets',
    sourcemap: true,
  },
});
