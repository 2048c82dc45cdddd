import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyDarkMode, initialDarkMode } from './lib/dark-mode.tsx';
import { installGlobalErrorHandlers } from './lib/global-errors.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './index.css';

installGlobalErrorHandlers();
// Error monitoring loads only when the server names a DSN, after the first paint's work (ADR 042).
setTimeout(() => void import('./lib/error-monitoring.ts').then((m) => m.startBrowserMonitoring()), 0);
// The app opens with no signal once visited (issue 33, ADR 044).
registerServiceWorker();
// Before the first paint, so a dark-mode user never sees a white flash.
applyDarkMode(initialDarkMode());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The first render as a transition: React renders it in slices of a few milliseconds, yielding between them, instead
// of one long task that holds the main thread while the lazy chunks wait to run (ADR 029). Nothing is on screen
// before it commits either way, and the router's own updates are transitions already.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
