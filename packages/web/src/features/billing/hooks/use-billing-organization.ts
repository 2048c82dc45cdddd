import { isAdminLevel } from '@touchline/contracts/roles';
import { useActiveProfile } from '../../../lib/active-profile.ts';

/**
 * The organization whose billing the pages show (the active profile's) and whether the user administers it;
 * the server decides (403 otherwise), this only spares others a page they cannot use.
 */
export function useBillingOrganization() {
  const profile = useActiveProfile();
  return {
    isPending: profile.isPending,
    organizationId: profile.data?.organizationId ?? null,
    organizationName: profile.data?.organizationName ?? null,
    isAdmin: profile.data ? isAdminLevel(profile.data.roles) : false,
  };
}
