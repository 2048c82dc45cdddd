import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 5 s rather than Testing Library's 1 s: CI shares two cores with the server suites,
// and a first render that lazy-loads its chunks can take longer than a second there. A wait ends as soon as it holds.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});
