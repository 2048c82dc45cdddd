import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

/** The pages anyone may open, in the public layout: sign-in and sign-up, password and email links, policies. */
export function publicRoutes(): RouteObject[] {
  return [
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
  ];
}
