import { describe, expect, it } from 'vitest';

import { adminPathPrefix, appRoutes, isAdminPath } from './routes.ts';

describe('routes', () => {
  it('are the spec paths', () => {
    expect(appRoutes).toEqual({
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
    });
  });

  it('admin paths start with /admin', () => {
    expect(adminPathPrefix).toBe('/admin');
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/organizations')).toBe(true);
    expect(isAdminPath('/dashboard')).toBe(false);
    expect(isAdminPath('/account/admin')).toBe(false);
  });
});
