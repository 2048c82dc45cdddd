import { useQuery } from '@tanstack/react-query';
import { isAdminLevel } from '@touchline/contracts/roles';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { levelNavigationQueryOptions } from '../../../lib/level-navigation.ts';

/**
 * Whether the signed-in profile may change the organization's logo: the server's rule (admin level at the top
 * level) read from the profile's top level's navigation, which names the actor's role there. Undecided (null)
 * while loading, so the page shows no control it might have to take back.
 */
export function useMayManageOrganization(): boolean | null {
  const profile = useActiveProfile();
  const topLevelId = profile.data?.hierarchyLevelId ?? null;
  const navigation = useQuery({
    ...levelNavigationQueryOptions(topLevelId ?? ''),
    enabled: topLevelId !== null,
  });
  if (profile.isPending) return null;
  if (!topLevelId) return false;
  if (navigation.isPending) return null;
  if (!navigation.data) return false;
  const atTop = navigation.data.ancestors.length === 0;
  return atTop && navigation.data.actorRole !== null && isAdminLevel([navigation.data.actorRole]);
}
