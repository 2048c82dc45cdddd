import { queryOptions, useQuery } from '@tanstack/react-query';
import { activeProfileSchema, type ActiveProfile } from '@touchline/contracts/profiles';
import { AccessTokenClaim } from '@touchline/contracts/roles';
import { api } from './api-client.ts';
import { claimString } from './jwt.ts';
import { useSession, type SessionSnapshot } from './session.ts';

/** Query key of the active profile; every feature that changes it (switching organization) invalidates this. */
export const activeProfileKey = ['active-profile'] as const;

/**
 * GET /api/app/profile?AppUserId (spec §7): the signed-in user in their current organization (spec §3 active
 * profile). Null when the user has no organization yet (the server answers 404). Shared by the header, the level
 * tree and every page that needs the organization, hence in lib rather than one feature.
 */
export async function getActiveProfile(appUserId: string): Promise<ActiveProfile | null> {
  return api.get(`/api/app/profile?AppUserId=${encodeURIComponent(appUserId)}`, {
    schema: activeProfileSchema,
    notFoundAsEmpty: true,
  });
}

/** The active profile's query, keyed by the user and the token's current profile so a switch refetches. */
export const activeProfileQueryOptions = (session: SessionSnapshot) => {
  const userId = claimString(session.claims, AccessTokenClaim.Subject) ?? '';
  const profileId = claimString(session.claims, AccessTokenClaim.CurrentProfileId) ?? '';
  return queryOptions({
    queryKey: [...activeProfileKey, userId, profileId],
    queryFn: () => getActiveProfile(userId),
    enabled: userId !== '',
    staleTime: 30_000,
  });
};

/** The signed-in user's active profile (null: no organization yet). */
export const useActiveProfile = () => useQuery(activeProfileQueryOptions(useSession()));
