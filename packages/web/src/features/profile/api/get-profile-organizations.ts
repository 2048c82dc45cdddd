import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileOrganizationsResponseSchema, type ProfileOrganization } from '@touchline/contracts/profiles';
import { api } from '../../../lib/api-client.ts';

/** GET /api/app/profile/organizations?AppUserId (spec §7): the user's organizations, each with their profile there. */
export async function getProfileOrganizations(appUserId: string): Promise<ProfileOrganization[]> {
  return (
    (await api.get(`/api/app/profile/organizations?AppUserId=${encodeURIComponent(appUserId)}`, {
      schema: profileOrganizationsResponseSchema,
    })) ?? []
  );
}

/** Query options of the user's organizations (spec §3 profile page state: organizations). */
export const profileOrganizationsQueryOptions = (appUserId: string) =>
  queryOptions({
    queryKey: ['profile', 'organizations', appUserId],
    queryFn: () => getProfileOrganizations(appUserId),
    enabled: appUserId !== '',
  });

/** The user's organizations. */
export const useProfileOrganizations = (appUserId: string) =>
  useQuery(profileOrganizationsQueryOptions(appUserId));
