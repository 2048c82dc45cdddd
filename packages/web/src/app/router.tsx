import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundPage } from './routes/not-found.tsx';
import { PageLoading } from './routes/page-loading.tsx';
import type { RootLoaderData } from './routes/root.tsx';
import { RouteErrorScreen } from './routes/route-error.tsx';

/**
 * A page fetched on its first visit, as its own chunk (React Router's lazy route object), so the first load
 * carries the shell and not every page. The router resolves it before it commits the navigation: the current page
 * stays with the navigation progress bar meanwhile, and a first load shows the root's PageLoading.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  Component: async () => pick(await load()),
});

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
 * holds this table, the error screens and the loading screen, no schema and no dialog (ADR 029).
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
          children: [
            {
              path: 'signin',
              lazy: lazyPage(
                () => import('../features/auth/components/sign-in-page.tsx'),
                (m) => m.SignInPage,
              ),
            },
            {
              path: 'signup',
              lazy: lazyPage(
                () => import('../features/signup/components/signup-page.tsx'),
                (m) => m.SignupPage,
              ),
            },
            {
              path: 'forgot-password',
              lazy: lazyPage(
                () => import('../features/auth/components/forgot-password-page.tsx'),
                (m) => m.ForgotPasswordPage,
              ),
            },
            {
              path: 'reset-password',
              lazy: lazyPage(
                () => import('../features/auth/components/reset-password-page.tsx'),
                (m) => m.ResetPasswordPage,
              ),
            },
            {
              path: 'confirm-email',
              lazy: lazyPage(
                () => import('../features/signup/components/confirm-email-page.tsx'),
                (m) => m.ConfirmEmailPage,
              ),
            },
            {
              path: 'logout',
              lazy: lazyPage(
                () => import('../features/auth/components/logout-page.tsx'),
                (m) => m.LogoutPage,
              ),
            },
            {
              path: 'terms',
              lazy: lazyPage(
                () => import('./routes/policy-pages.tsx'),
                (m) => m.TermsPage,
              ),
            },
            {
              path: 'privacy',
              lazy: lazyPage(
                () => import('./routes/policy-pages.tsx'),
                (m) => m.PrivacyPage,
              ),
            },
            {
              path: 'dev/outbox',
              lazy: lazyPage(
                () => import('../features/dev-outbox/components/outbox-page.tsx'),
                (m) => m.OutboxPage,
              ),
            },
          ],
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
                {
                  path: 'organizations/new',
                  lazy: lazyPage(
                    () => import('../features/organizations/components/create-organization-page.tsx'),
                    (m) => m.CreateOrganizationPage,
                  ),
                },
                {
                  path: 'organization/settings',
                  lazy: lazyPage(
                    () => import('./routes/organization-settings.tsx'),
                    (m) => m.OrganizationSettingsRoute,
                  ),
                },
                {
                  path: 'organization/screening',
                  lazy: lazyPage(
                    () => import('./routes/organization-screening.tsx'),
                    (m) => m.OrganizationScreeningRoute,
                  ),
                },
                {
                  path: 'organization/support-access',
                  lazy: lazyPage(
                    () => import('../features/support-access/components/support-access-page.tsx'),
                    (m) => m.SupportAccessPage,
                  ),
                },
                {
                  path: 'organization/live-scan',
                  lazy: lazyPage(
                    () => import('./routes/organization-live-scan.tsx'),
                    (m) => m.OrganizationLiveScanRoute,
                  ),
                },
                {
                  path: 'organization/roles',
                  lazy: lazyPage(
                    () => import('./routes/organization-roles.tsx'),
                    (m) => m.OrganizationRolesRoute,
                  ),
                },
                {
                  path: 'content',
                  lazy: lazyPage(
                    () => import('../features/content/components/content-page.tsx'),
                    (m) => m.ContentPage,
                  ),
                },
                {
                  path: 'content/new/:kind',
                  lazy: lazyPage(
                    () => import('../features/content/components/content-editor-page.tsx'),
                    (m) => m.NewContentPage,
                  ),
                },
                {
                  path: 'content/:definitionId',
                  lazy: lazyPage(
                    () => import('../features/content/components/content-editor-page.tsx'),
                    (m) => m.EditContentPage,
                  ),
                },
                {
                  path: 'account/settings',
                  lazy: lazyPage(
                    () => import('./routes/account-settings.tsx'),
                    (m) => m.AccountSettingsRoute,
                  ),
                },
                // Partner sign-in (issue 31, ADR 041): a league partner's request, approved by the signed-in member.
                {
                  path: 'partner-sign-in',
                  lazy: lazyPage(
                    () => import('../features/partners/components/partner-sign-in-page.tsx'),
                    (m) => m.PartnerSignInPage,
                  ),
                },
                // League partners (issue 31): connect, map, sync.
                {
                  path: 'account/integrations',
                  lazy: lazyPage(
                    () => import('./routes/account-integrations.tsx'),
                    (m) => m.AccountIntegrationsRoute,
                  ),
                },
                // Organization billing (issue 21): the subscription, the card and the invoices.
                {
                  path: 'account/billing',
                  lazy: lazyPage(
                    () => import('../features/billing/components/billing-page.tsx'),
                    (m) => m.BillingPage,
                  ),
                },
                {
                  path: 'account/billing/payment',
                  lazy: lazyPage(
                    () => import('../features/billing/components/payment-page.tsx'),
                    (m) => m.PaymentPage,
                  ),
                },
                {
                  path: 'account/billing/invoices',
                  lazy: lazyPage(
                    () => import('../features/billing/components/invoices-page.tsx'),
                    (m) => m.InvoicesPage,
                  ),
                },
                {
                  path: 'account/billing/member-pays',
                  lazy: lazyPage(
                    () => import('../features/billing/components/member-pays-page.tsx'),
                    (m) => m.MemberPaysPage,
                  ),
                },
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
                    () => import('../features/profile/components/edit-child-profile-page.tsx'),
                    (m) => m.EditChildProfilePage,
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
                        () =>
                          import('../features/platform-integrations/components/platform-integrations-page.tsx'),
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
