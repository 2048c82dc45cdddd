import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { DarkModeProvider } from '../lib/dark-mode.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/**
 * Renders routes in a memory router with the app's providers, starting at `path`; returns the router. Routes that
 * prefetch take the same QueryClient the components read.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  path: string,
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <DarkModeProvider>
        <RouterProvider router={router} />
      </DarkModeProvider>
    </QueryClientProvider>,
  );
  return router;
}
