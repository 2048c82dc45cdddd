import { MemberPaymentPanel } from '../../features/billing/components/member-payment-panel.tsx';
import { OrganizationContact } from '../../features/organizations/components/organization-contact.tsx';
import { RequirementsPage } from '../../features/requirements/components/requirements-page.tsx';

/**
 * /requirements with whom to contact and how to appeal, for a disqualified member (the organization's contact), and
 * what the member owes for their own requirements with paying for several at once (billing, ADR 031).
 */
export function RequirementsRoute() {
  return (
    <RequirementsPage
      disqualifiedHelp={<OrganizationContact />}
      payments={(plaId) => <MemberPaymentPanel plaId={plaId} />}
    />
  );
}
