/**
 * Registers the service worker (written by the build, packages/web/vite-service-worker.ts) once the page has
 * loaded, so its precaching never competes with the first load. Production builds only: in development Vite serves
 * modules one by one and a cached copy would hide changes.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
) {
  if (!container || !import.meta.env.PROD) return;
  const register = () =>
    void container.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The offline copy of the app could not be set up', error);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
