import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Outlet, useLoaderData } from 'react-router';

/** What the root route's loader hands its component: the app's one QueryClient. */
export interface RootLoaderData {
  queryClient: QueryClient;
}

/**
 * The root route's component: provides the app's QueryClient to every page. It is a lazy route module, and the
 * client comes from the root loader, so the data library loads beside the first page's chunks rather than in the
 * entry (ADR 029); loaders that prefetch read the same client.
 */
export function Root() {
  const { queryClient } = useLoaderData() as RootLoaderData;
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
