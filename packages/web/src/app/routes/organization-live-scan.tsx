import { useCurrentOrganization } from '../../features/organizations/hooks/use-current-organization.ts';
import { LiveScanLocationsPage } from '../../features/screening/components/live-scan-locations-page.tsx';

/** /organization/live-scan: the LiveScan locations the current organization's members pick from (composed here). */
export function OrganizationLiveScanRoute() {
  const { current } = useCurrentOrganization();
  return <LiveScanLocationsPage organizationId={current?.id ?? null} />;
}
