import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page.ts';

/** A new organization, its settings, its content and the account pages (settings, integrations, billing). */
export function organizationRoutes(): RouteObject[] {
  return [
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
  ];
}
