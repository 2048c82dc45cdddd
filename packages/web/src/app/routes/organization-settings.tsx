import { Link } from 'react-router';
import { textLinkClass } from '../../components/ui/form-card.tsx';
import { OrganizationSettingsPage } from '../../features/organizations/components/organization-settings-page.tsx';

/**
 * /organization/settings: the organizations feature's settings page, followed by the way to the roles page (the
 * labels feature), composed here because features do not import each other.
 */
export function OrganizationSettingsRoute() {
  return (
    <div className="space-y-6">
      <OrganizationSettingsPage />
      <nav aria-label="More organization settings" className="mx-auto max-w-3xl">
        <Link to="/organization/roles" className={textLinkClass}>
          Roles: add, rename and order the roles of your members
        </Link>
        <Link to="/content" className={`${textLinkClass} ml-6`}>
          Content library: the requirements members complete
        </Link>
        <Link to="/account/billing" className={`${textLinkClass} ml-6`}>
          Billing: subscription, card and invoices
        </Link>
        <Link to="/organization/screening" className={`${textLinkClass} ml-6`}>
          Background checks: agencies and packages
        </Link>
        <Link to="/organization/live-scan" className={`${textLinkClass} ml-6`}>
          LiveScan: locations and agency details
        </Link>
        <Link to="/organization/support-access" className={`${textLinkClass} ml-6`}>
          Support access: when Touchline support saw your organization
        </Link>
      </nav>
    </div>
  );
}
