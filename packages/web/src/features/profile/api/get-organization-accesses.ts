import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileLevelAccessesResponseSchema, type ProfileLevelAccess } from '@touchline/contracts/profiles';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/app/profile/organization-profile-level-accesses?AppUserId&OrganizationId (spec §7): the user's
 * memberships (level and role label) in one of their organizations.
 */
export async function getOrganizationAccesses(
  appUserId: string,
  organizationId: string,
): Promise<ProfileLevelAccess[]> {
  const query = new URLSearchParams({ AppUserId: appUserId, OrganizationId: organizationId });
  return (
    (await api.get(`/api/app/profile/organization-profile-level-accesses?${query.toString()}`, {
      schema: profileLevelAccessesResponseSchema,
    })) ?? []
  );
}

/** Query options of one organization's memberships (spec §3 profile page state: profilesByOrganization). */
export const organizationAccessesQueryOptions = (appUserId: string, organizationId: string) =>
  queryOptions({
    queryKey: ['profile', 'organization-accesses', appUserId, organizationId],
    queryFn: () => getOrganizationAccesses(appUserId, organizationId),
    enabled: appUserId !== '',
  });

/** The user's memberships in one organization. */
export const useOrganizationAccesses = (appUserId: string, organizationId: string) =>
  useQuery(organizationAccessesQueryOptions(appUserId, organizationId));
