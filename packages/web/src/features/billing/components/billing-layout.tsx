import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useBillingOrganization } from '../hooks/use-billing-organization.ts';

const tabs = [
  { to: '/account/billing', label: 'Subscription', end: true },
  { to: '/account/billing/payment', label: 'Payment method', end: false },
  { to: '/account/billing/invoices', label: 'Invoices', end: false },
  { to: '/account/billing/member-pays', label: 'What members pay', end: false },
];

/**
 * The frame of the billing pages: the title, the sub-page links, and the guard that only the organization's
 * administrators see billing (the server refuses everyone else anyway).
 */
export function BillingLayout({
  title,
  children,
}: {
  title: string;
  children: (organizationId: string) => ReactNode;
}) {
  useDocumentTitle(title);
  const organization = useBillingOrganization();
  let body;
  if (organization.isPending) body = <Spinner label="Loading billing…" />;
  else if (!organization.organizationId)
    body = <p>No organization is selected. Choose one from the menu at the top first.</p>;
  else if (!organization.isAdmin)
    body = <Alert tone="info">Only your organization’s administrators manage its billing.</Alert>;
  else body = children(organization.organizationId);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Billing</h1>
        {organization.organizationName ? <p className="text-lg">{organization.organizationName}</p> : null}
      </div>
      <nav
        aria-label="Billing pages"
        className="flex flex-wrap gap-2 border-b border-slate-200 pb-2 dark:border-slate-800"
      >
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              `inline-flex items-center rounded-md px-3 py-2 text-sm font-semibold max-md:min-h-11 ${
                isActive
                  ? 'bg-emerald-700 text-white dark:bg-emerald-500 dark:text-slate-950'
                  : 'text-emerald-800 hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-slate-800'
              }`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <h2 className="text-xl font-semibold">{title}</h2>
      {body}
    </div>
  );
}
