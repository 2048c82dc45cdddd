import { useCurrentOrganization } from '../../features/organizations/hooks/use-current-organization.ts';
import { ScreeningPage } from '../../features/screening/components/screening-page.tsx';

/** /organization/screening: the screening feature's setup page for the current organization (composed here). */
export function OrganizationScreeningRoute() {
  const { current } = useCurrentOrganization();
  return <ScreeningPage organizationId={current?.id ?? null} />;
}
