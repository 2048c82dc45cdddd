import { Navigate, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

/** A member's pages: requirements, incidents, game day, reviews, profiles, credential sharing, partner return paths. */
export function memberRoutes(): RouteObject[] {
  return [
    {
      path: 'requirements',
      lazy: lazyPage(
        () => import('./routes/requirements.tsx'),
        (m) => m.RequirementsRoute,
      ),
    },
    {
      path: 'requirements/:definitionId',
      lazy: lazyPage(
        () => import('./routes/requirement.tsx'),
        (m) => m.RequirementRoute,
      ),
    },
    {
      path: 'incidents',
      lazy: lazyPage(
        () => import('../features/incidents/components/incidents-page.tsx'),
        (m) => m.IncidentsPage,
      ),
    },
    {
      path: 'incidents/new',
      lazy: lazyPage(
        () => import('../features/incidents/components/report-incident-page.tsx'),
        (m) => m.ReportIncidentPage,
      ),
    },
    {
      path: 'incidents/settings',
      lazy: lazyPage(
        () => import('../features/incidents/components/incident-settings-page.tsx'),
        (m) => m.IncidentSettingsPage,
      ),
    },
    {
      path: 'incidents/members/:profileId',
      lazy: lazyPage(
        () => import('../features/incidents/components/member-conditions-page.tsx'),
        (m) => m.MemberConditionsPage,
      ),
    },
    {
      path: 'game-day/cards/:profileLevelAccessId',
      lazy: lazyPage(
        () => import('../features/game-day/components/clearance-card-page.tsx'),
        (m) => m.ClearanceCardPage,
      ),
    },
    {
      path: 'game-day/check-in/:levelId/:gameOn?',
      lazy: lazyPage(
        () => import('../features/game-day/components/check-in-page.tsx'),
        (m) => m.CheckInPage,
      ),
    },
    {
      path: 'incidents/:incidentId',
      lazy: lazyPage(
        () => import('../features/incidents/components/incident-detail-page.tsx'),
        (m) => m.IncidentDetailPage,
      ),
    },
    {
      path: 'reviews',
      lazy: lazyPage(
        () => import('../features/reviews/components/reviews-page.tsx'),
        (m) => m.ReviewsPage,
      ),
    },
    {
      path: 'profile',
      lazy: lazyPage(
        () => import('../features/profile/components/profile-page.tsx'),
        (m) => m.ProfilePage,
      ),
    },
    {
      path: 'profile/children/:profileId',
      lazy: lazyPage(
        () => import('./routes/child-profile.tsx'),
        (m) => m.ChildProfileRoute,
      ),
    },
    {
      path: 'profile/:profileId/credential-sharing',
      lazy: lazyPage(
        () => import('../features/credential-sharing/components/credential-sharing-page.tsx'),
        (m) => m.CredentialSharingPage,
      ),
    },
    {
      path: 'content/:definitionId/credential-acceptance',
      lazy: lazyPage(
        () => import('../features/credential-sharing/components/credential-acceptance-page.tsx'),
        (m) => m.CredentialAcceptancePage,
      ),
    },
    {
      path: 'received-credentials',
      lazy: lazyPage(
        () => import('../features/credential-sharing/components/received-credentials-page.tsx'),
        (m) => m.ReceivedCredentialsPage,
      ),
    },
    // Partner return paths (spec §2): edit child profile info, and edit profile info.
    {
      path: 'groupAccountDashboard',
      lazy: lazyPage(
        () => import('../features/profile/components/group-account-dashboard.tsx'),
        (m) => m.GroupAccountDashboard,
      ),
    },
    { path: 'editProfile', element: <Navigate to="/account/settings" replace /> },
    // Partner return path (spec §2): the dashboard of the current level.
    {
      path: 'dashboard',
      lazy: lazyPage(
        () => import('./routes/current-dashboard.tsx'),
        (m) => m.CurrentDashboardRoute,
      ),
    },
  ];
}
