import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes.tsx';
import { lazyPage } from './lazy-page.ts';
import { levelRoutes } from './level-routes.tsx';
import { memberRoutes } from './member-routes.tsx';
import { organizationRoutes } from './organization-routes.tsx';
import { publicRoutes } from './public-routes.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { PageLoading } from './routes/page-loading.tsx';
import type { RootLoaderData } from './routes/root.tsx';
import { RouteErrorScreen } from './routes/route-error.tsx';

/**
 * The app's QueryClient, or how to get it: the browser app creates it on first use from its own chunk (the data
 * library stays out of the entry, ADR 029); tests hand in one they made.
 */
export type QueryClientSource = QueryClient | (() => Promise<QueryClient>);

/**
 * Restores the session from its cookie before the first page renders, whichever page that is, and hands the root
 * its QueryClient. The session module (the API client and the contracts' schemas) is imported here, not
 * statically: it loads beside the first page's own chunks instead of weighing on the entry (ADR 029).
 */
async function rootLoader(getQueryClient: () => Promise<QueryClient>): Promise<RootLoaderData> {
  const [queryClient] = await Promise.all([
    getQueryClient(),
    import('../lib/session.ts').then(({ session }) => session.ensureLoaded()),
  ]);
  return { queryClient };
}

/**
 * Every page of the SPA. Routes stay thin: load data, then compose features. The pages anyone may open sit in
 * the public layout; the app shell's pages need a signed-in session (except the 404 page) and show the Updated
 * Policies modal to a user who still has policies to acknowledge. Layouts load lazily like the pages: the entry
 * holds this table, the error screens and the loading screen, no schema and no dialog (ADR 029). The route groups
 * are functions: React Router resolves a lazy route object in place, so each router gets its own objects.
 */
export function appRoutes(source: QueryClientSource): RouteObject[] {
  const queryClient = typeof source === 'function' ? source : () => Promise.resolve(source);
  return [
    {
      id: 'root',
      loader: () => rootLoader(queryClient),
      lazy: lazyPage(
        () => import('./routes/root.tsx'),
        (m) => m.Root,
      ),
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          lazy: lazyPage(
            () => import('../components/layouts/public-layout.tsx'),
            (m) => m.PublicLayout,
          ),
          children: publicRoutes(),
        },
        {
          path: '/',
          lazy: lazyPage(
            () => import('./routes/app-shell.tsx'),
            (m) => m.AppShell,
          ),
          children: [
            {
              lazy: async () => {
                const { RequireSession, requireSessionLoader } = await import('./routes/require-session.tsx');
                return { loader: requireSessionLoader, Component: RequireSession };
              },
              children: [
                ...levelRoutes(queryClient),
                ...organizationRoutes(),
                ...memberRoutes(),
                ...adminRoutes(),
                // The application shell page (spec §2): the shell's own home.
                { path: '_app', element: <Navigate to="/" replace /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/** The browser router of the app, with the app's one QueryClient, made when the first page loads. */
export function createAppRouter() {
  let queryClient: Promise<QueryClient> | undefined;
  return createBrowserRouter(
    appRoutes(() => (queryClient ??= import('../lib/query-client.ts').then((m) => m.createQueryClient()))),
  );
}
