import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { UpdatedPoliciesGate } from '../features/auth/components/updated-policies-gate.tsx';
import { OrganizationSwitcher } from '../features/organizations/components/organization-switcher.tsx';
import { session } from '../lib/session.ts';
import { LevelNavigation } from './level-navigation.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { PageLoading } from './routes/page-loading.tsx';
import { RequireSession, requireSessionLoader } from './routes/require-session.tsx';
import { RouteErrorScreen } from './routes/route-error.tsx';

/**
 * A page fetched on its first visit, as its own chunk (React Router's lazy route object), so the first load
 * carries the shell and not every page. The router resolves it before it commits the navigation: the current page
 * stays with the navigation progress bar meanwhile, and a first load shows the root's PageLoading.
 */
const lazyPage = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) => ({
  Component: async () => pick(await load()),
});

/** Restores the session from its cookie before the first page renders, whichever page that is. */
async function sessionLoader() {
  await session.ensureLoaded();
  return null;
}

/**
 * Every page of the SPA. Routes stay thin: load data, then compose features. The pages anyone may open sit in
 * the public layout; the app shell's pages need a signed-in session (except the 404 page) and show the Updated
 * Policies modal to a user who still has policies to acknowledge.
 */
export function appRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      loader: sessionLoader,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <PageLoading />,
      children: [
        {
          element: <PublicLayout />,
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
          element: (
            <AppLayout
              navigation={<LevelNavigation />}
              overlay={<UpdatedPoliciesGate />}
              headerStart={<OrganizationSwitcher />}
            />
          ),
          children: [
            {
              loader: requireSessionLoader,
              element: <RequireSession />,
              children: [
                {
                  index: true,
                  lazy: {
                    ...lazyPage(
                      () => import('./routes/home.tsx'),
                      (m) => m.HomePage,
                    ),
                    loader: async () => (await import('./routes/home.tsx')).homeLoader(queryClient),
                  },
                },
                {
                  path: 'levels/:levelId',
                  lazy: {
                    ...lazyPage(
                      () => import('./routes/level.tsx'),
                      (m) => m.LevelRoute,
                    ),
                    loader: async () => (await import('./routes/level.tsx')).levelLoader(queryClient),
                  },
                },
                {
                  path: 'levels/:levelId/dashboard',
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
                  path: 'organization/roles',
                  lazy: lazyPage(
                    () => import('../features/labels/components/roles-page.tsx'),
                    (m) => m.RolesPage,
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
                    () => import('../features/account/components/account-settings-page.tsx'),
                    (m) => m.AccountSettingsPage,
                  ),
                },
                {
                  path: 'requirements',
                  lazy: lazyPage(
                    () => import('../features/requirements/components/requirements-page.tsx'),
                    (m) => m.RequirementsPage,
                  ),
                },
                {
                  path: 'requirements/:definitionId',
                  lazy: lazyPage(
                    () => import('../features/requirements/components/requirement-page.tsx'),
                    (m) => m.RequirementRoute,
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
                // Partner return paths (spec §2): edit child profile info, and edit profile info.
                {
                  path: 'groupAccountDashboard',
                  lazy: lazyPage(
                    () => import('../features/profile/components/group-account-dashboard.tsx'),
                    (m) => m.GroupAccountDashboard,
                  ),
                },
                { path: 'editProfile', element: <Navigate to="/account/settings" replace /> },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/** The browser router of the app. */
export const createAppRouter = (queryClient: QueryClient) => createBrowserRouter(appRoutes(queryClient));
