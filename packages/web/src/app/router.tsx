import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { LogoutPage } from '../features/auth/components/logout-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';
import { UpdatedPoliciesGate } from '../features/auth/components/updated-policies-gate.tsx';
import { AccountSettingsPage } from '../features/account/components/account-settings-page.tsx';
import { OutboxPage } from '../features/dev-outbox/components/outbox-page.tsx';
import { CreateOrganizationPage } from '../features/organizations/components/create-organization-page.tsx';
import { OrganizationSwitcher } from '../features/organizations/components/organization-switcher.tsx';
import { RolesPage } from '../features/labels/components/roles-page.tsx';
import { ContentPage } from '../features/content/components/content-page.tsx';
import { EditContentPage, NewContentPage } from '../features/content/components/content-editor-page.tsx';
import { EditChildProfilePage } from '../features/profile/components/edit-child-profile-page.tsx';
import { GroupAccountDashboard } from '../features/profile/components/group-account-dashboard.tsx';
import { ProfilePage } from '../features/profile/components/profile-page.tsx';
import { MembersImportPage } from '../features/members/components/members-import-page.tsx';
import { MembersPage } from '../features/members/components/members-page.tsx';
import { RequirementRoute } from '../features/requirements/components/requirement-page.tsx';
import { RequirementsPage } from '../features/requirements/components/requirements-page.tsx';
import { ReviewsPage } from '../features/reviews/components/reviews-page.tsx';
import { AcceptInvitationPage } from '../features/signup/components/accept-invitation-page.tsx';
import { ConfirmEmailPage } from '../features/signup/components/confirm-email-page.tsx';
import { SignupPage } from '../features/signup/components/signup-page.tsx';
import { session } from '../lib/session.ts';
import { LevelNavigation } from './level-navigation.tsx';
import { HomePage, homeLoader } from './routes/home.tsx';
import { DashboardRoute } from './routes/dashboard.tsx';
import { LevelRoute, levelLoader } from './routes/level.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
import { OrganizationSettingsRoute } from './routes/organization-settings.tsx';
import { PageLoading } from './routes/page-loading.tsx';
import { PrivacyPage, TermsPage } from './routes/policy-pages.tsx';
import { RequireSession, requireSessionLoader } from './routes/require-session.tsx';
import { RouteErrorScreen } from './routes/route-error.tsx';

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
            { path: 'signin', element: <SignInPage /> },
            { path: 'signup', element: <SignupPage /> },
            { path: 'forgot-password', element: <ForgotPasswordPage /> },
            { path: 'reset-password', element: <ResetPasswordPage /> },
            { path: 'confirm-email', element: <ConfirmEmailPage /> },
            { path: 'logout', element: <LogoutPage /> },
            { path: 'terms', element: <TermsPage /> },
            { path: 'privacy', element: <PrivacyPage /> },
            { path: 'dev/outbox', element: <OutboxPage /> },
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
                { index: true, element: <HomePage />, loader: homeLoader(queryClient) },
                { path: 'levels/:levelId', element: <LevelRoute />, loader: levelLoader(queryClient) },
                { path: 'levels/:levelId/dashboard', element: <DashboardRoute /> },
                { path: 'levels/:levelId/members', element: <MembersPage /> },
                { path: 'levels/:levelId/members/import', element: <MembersImportPage /> },
                { path: 'invitation/accept', element: <AcceptInvitationPage /> },
                { path: 'organizations/new', element: <CreateOrganizationPage /> },
                { path: 'organization/settings', element: <OrganizationSettingsRoute /> },
                { path: 'organization/roles', element: <RolesPage /> },
                { path: 'content', element: <ContentPage /> },
                { path: 'content/new/:kind', element: <NewContentPage /> },
                { path: 'content/:definitionId', element: <EditContentPage /> },
                { path: 'account/settings', element: <AccountSettingsPage /> },
                { path: 'requirements', element: <RequirementsPage /> },
                { path: 'requirements/:definitionId', element: <RequirementRoute /> },
                { path: 'reviews', element: <ReviewsPage /> },
                { path: 'profile', element: <ProfilePage /> },
                { path: 'profile/children/:profileId', element: <EditChildProfilePage /> },
                // Partner return paths (spec §2): edit child profile info, and edit profile info.
                { path: 'groupAccountDashboard', element: <GroupAccountDashboard /> },
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
