import { AccessTokenClaim } from '@touchline/contracts/roles';
import type { OrganizationListItem } from '@touchline/contracts/organizations';
import { claimString } from '../../../lib/jwt.ts';
import { useSession } from '../../../lib/session.ts';
import { useOrganizationList } from '../api/get-organization-list.ts';

/**
 * The signed-in user's organizations and the current one: the entry whose profile is the token's
 * CurrentProfileId (select-organization moves it, ADR 007). `current` is null until one is selected.
 */
export function useCurrentOrganization() {
  const session = useSession();
  const userId = claimString(session.claims, AccessTokenClaim.Subject) ?? '';
  const currentProfileId = claimString(session.claims, AccessTokenClaim.CurrentProfileId);
  const list = useOrganizationList(userId);
  const items: OrganizationListItem[] = list.data?.items ?? [];
  const current =
    items.find((item) => item.profileId !== null && item.profileId === currentProfileId) ?? null;
  return { ...list, items, current };
}
