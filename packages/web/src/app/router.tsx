import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { PublicLayout } from '../components/layouts/public-layout.tsx';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page.tsx';
import { LogoutPage } from '../features/auth/components/logout-page.tsx';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page.tsx';
import { SignInPage } from '../features/auth/components/sign-in-page.tsx';
import { UpdatedPoliciesGate } from '../features/auth/components/updated-policies-gate.tsx';
import { OutboxPage } from '../features/dev-outbox/components/outbox-page.tsx';
import { ConfirmEmailPage } from '../features/signup/components/confirm-email-page.tsx';
import { SignupPage } from '../features/signup/components/signup-page.tsx';
import { session } from '../lib/session.ts';
import { HomePage, homeLoader } from './routes/home.tsx';
import { NotFoundPage } from './routes/not-found.tsx';
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
          element: <AppLayout overlay={<UpdatedPoliciesGate />} />,
          children: [
            {
              loader: requireSessionLoader,
              element: <RequireSession />,
              children: [{ index: true, element: <HomePage />, loader: homeLoader(queryClient) }],
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
