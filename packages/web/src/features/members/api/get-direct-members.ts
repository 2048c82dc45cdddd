import { queryOptions, useQuery } from '@tanstack/react-query';
import { directMembersResponseSchema, type DirectMembersResponse } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';

/** Query key of every level's member-management lists; the member mutations invalidate it. */
export const directMembersKey = ['direct-members'] as const;

/**
 * GET /api/app/hierarchy-level/{id}/direct-members: one page of the members at exactly this level, or with
 * `includeBelow` at it and every level below.
 */
export async function getDirectMembers(
  levelId: string,
  page: number,
  perPage: number,
  includeBelow = false,
): Promise<DirectMembersResponse> {
  const below = includeBelow ? '&includeBelow=true' : '';
  const answer = await api.get(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/direct-members?page=${page}&perPage=${perPage}${below}`,
    { schema: directMembersResponseSchema },
  );
  if (!answer) throw new Error('The members answer was empty');
  return answer;
}

/** One page of a level's members, keyed by level and page. */
export const directMembersQueryOptions = (
  levelId: string,
  page: number,
  perPage: number,
  includeBelow = false,
) =>
  queryOptions({
    queryKey: [...directMembersKey, levelId, page, perPage, includeBelow],
    queryFn: () => getDirectMembers(levelId, page, perPage, includeBelow),
    // While the next page loads the previous one stays shown, but never another level's members.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === levelId ? previous : undefined,
  });

/** The members of a level, a page at a time (the previous page stays shown while the next loads). */
export const useDirectMembers = (levelId: string, page: number, perPage: number, includeBelow = false) =>
  useQuery(directMembersQueryOptions(levelId, page, perPage, includeBelow));
