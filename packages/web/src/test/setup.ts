import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy…/waitFor give up after 5 s rather than Testing Library's 1 s: CI shares two cores with the server suites,
// and a first render that lazy-loads its chunks can take longer than a second there. A wait ends as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});

// The files of a worker share its module registry (isolate: false, vitest.config.ts): libraries load once per worker.
// The app's own modules are evaluated afresh for each file, so a module's state (the session store, a queue) or a
// vi.mock in one file never reaches the next.
vi.resetModules();
