import { queryOptions, useQuery } from '@tanstack/react-query';
import { childProfilesResponseSchema, type ProfileWithPlas } from '@touchline/contracts/profiles';
import { api } from '../../../lib/api-client.ts';

/** Query key of the guardian's child profiles; editing a child invalidates it. */
export const childProfilesKey = ['profile', 'child-profiles'] as const;

/**
 * GET /api/app/profile/child-profiles (ours): the profiles the current profile is guardian of, for the partner return
 * path /groupAccountDashboard. No organization selected reads as no children.
 */
export async function getChildProfiles(): Promise<ProfileWithPlas[]> {
  return (
    (await api.get('/api/app/profile/child-profiles', {
      schema: childProfilesResponseSchema,
      notFoundAsEmpty: true,
    })) ?? []
  );
}

/** Query options of the child profiles, keyed by the current profile so a switch of organization reloads them. */
export const childProfilesQueryOptions = (profileId: string) =>
  queryOptions({ queryKey: [...childProfilesKey, profileId], queryFn: getChildProfiles });

/** The current profile's child profiles. */
export const useChildProfiles = (profileId: string) => useQuery(childProfilesQueryOptions(profileId));
