import type { ComponentType } from 'react';

/**
 * A page fetched on its first visit, as its own chunk (React Router's lazy route object), so the first load
 * carries the shell and not every page. The router resolves it before it commits the navigation: the current page
 * stays with the navigation progress bar meanwhile, and a first load shows the root's PageLoading.
 */
export const lazyPage = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  Component: async () => pick(await load()),
});
