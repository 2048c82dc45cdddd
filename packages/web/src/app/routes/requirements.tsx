import { OrganizationContact } from '../../features/organizations/components/organization-contact.tsx';
import { RequirementsPage } from '../../features/requirements/components/requirements-page.tsx';

/** /requirements with whom to contact and how to appeal, for a disqualified member (the organization's contact). */
export function RequirementsRoute() {
  return <RequirementsPage disqualifiedHelp={<OrganizationContact />} />;
}
