import { useCurrentOrganization } from '../../features/organizations/hooks/use-current-organization.ts';
import { PartnersPage } from '../../features/partners/components/partners-page.tsx';

/** /account/integrations (spec §2 Integrations): the current organization's league partners (issue 31). */
export function AccountIntegrationsRoute() {
  const { current } = useCurrentOrganization();
  return <PartnersPage organizationId={current?.id ?? null} />;
}
