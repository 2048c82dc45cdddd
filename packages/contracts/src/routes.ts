/** Application routes of spec §2 that more than one side needs (SPA router, server fallback, redirects). */
export const appRoutes = {
  home: '/',
  appShell: '/_app',
  accountSettings: '/account/settings',
  accountIntegrations: '/account/integrations',
  accountBilling: '/account/billing',
  accountBillingPayment: '/account/billing/payment',
  accountBillingInvoices: '/account/billing/invoices',
  logout: '/logout',
  dashboard: '/dashboard',
  groupAccountDashboard: '/groupAccountDashboard',
  editProfile: '/editProfile',
} as const;

/** Path prefix of the administration area (§2, §6); the support chat is shut down there. */
export const adminPathPrefix = '/admin';

/** Whether a path is in the administration area ("paths starting with /admin"). */
export function isAdminPath(path: string): boolean {
  return path.startsWith(adminPathPrefix);
}
