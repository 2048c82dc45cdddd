import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

/** The signed-in home and a level's pages (dashboard, members, eligibility, import), and accepting an invitation. */
export function levelRoutes(queryClient: () => Promise<QueryClient>): RouteObject[] {
  return [
    {
      index: true,
      lazy: {
        ...lazyPage(
          () => import('./routes/home.tsx'),
          (m) => m.HomePage,
        ),
        loader: async () => (await import('./routes/home.tsx')).homeLoader(await queryClient()),
      },
    },
    {
      path: 'levels/:levelId',
      lazy: {
        ...lazyPage(
          () => import('./routes/level.tsx'),
          (m) => m.LevelRoute,
        ),
        loader: async () => (await import('./routes/level.tsx')).levelLoader(await queryClient()),
      },
    },
    {
      path: 'levels/:levelId/dashboard',
      // Defined here, not in the lazy module: the dashboard's first calls start once the session is
      // known, while the page's code still downloads (ADR 029).
      loader: async ({ params, request }) => {
        const [{ prefetchDashboard }, client] = await Promise.all([
          import('../features/dashboard/api/prefetch-dashboard.ts'),
          queryClient(),
        ]);
        void prefetchDashboard(client, params.levelId ?? '', new URL(request.url).searchParams);
        return null;
      },
      lazy: lazyPage(
        () => import('./routes/dashboard.tsx'),
        (m) => m.DashboardRoute,
      ),
    },
    {
      path: 'levels/:levelId/members',
      lazy: lazyPage(
        () => import('../features/members/components/members-page.tsx'),
        (m) => m.MembersPage,
      ),
    },
    {
      path: 'levels/:levelId/eligibility',
      lazy: lazyPage(
        () => import('../features/eligibility/components/level-eligibility-page.tsx'),
        (m) => m.LevelEligibilityPage,
      ),
    },
    {
      path: 'levels/:levelId/members/import',
      lazy: lazyPage(
        () => import('../features/members/components/members-import-page.tsx'),
        (m) => m.MembersImportPage,
      ),
    },
    {
      path: 'invitation/accept',
      lazy: lazyPage(
        () => import('../features/signup/components/accept-invitation-page.tsx'),
        (m) => m.AcceptInvitationPage,
      ),
    },
  ];
}
