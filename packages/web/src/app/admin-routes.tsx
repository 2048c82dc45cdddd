import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './routes/not-found.tsx';

/** The administration area (issue 32), and where its pages used to be. */
export function adminRoutes(): RouteObject[] {
  return [
    // The administration area (issue 32): platform administrators only, 404 to anyone else.
    {
      path: 'admin',
      lazy: lazyPage(
        () => import('./routes/admin-area.tsx'),
        (m) => m.AdminArea,
      ),
      children: [
        { index: true, element: <Navigate to="/admin/organizations" replace /> },
        {
          path: 'organizations',
          lazy: lazyPage(
            () => import('../features/admin/components/organizations-page.tsx'),
            (m) => m.OrganizationsPage,
          ),
        },
        {
          path: 'organizations/:organizationId',
          lazy: lazyPage(
            () => import('../features/admin/components/organization-page.tsx'),
            (m) => m.OrganizationPage,
          ),
        },
        {
          path: 'people',
          lazy: lazyPage(
            () => import('../features/admin/components/people-page.tsx'),
            (m) => m.PeoplePage,
          ),
        },
        // The platform administrator's integrations (issue 17), moved here from /platform/integrations.
        {
          path: 'integrations',
          lazy: lazyPage(
            () => import('../features/platform-integrations/components/platform-integrations-page.tsx'),
            (m) => m.PlatformIntegrationsPage,
          ),
        },
        {
          path: 'background-check-clients',
          lazy: lazyPage(
            () => import('../features/admin/components/client-grants-page.tsx'),
            (m) => m.ClientGrantsPage,
          ),
        },
        {
          path: 'health',
          lazy: lazyPage(
            () => import('../features/admin/components/health-page.tsx'),
            (m) => m.HealthPage,
          ),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
    { path: 'platform/integrations', element: <Navigate to="/admin/integrations" replace /> },
  ];
}
