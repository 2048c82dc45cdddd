import { queryOptions, useQuery } from '@tanstack/react-query';
import { labelsResponseSchema, type MemberLabel } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /api/app/labels?hierarchyLevelId: the organization's role labels, each saying whether the signed-in user may
 * give it at that level (the server decides; the web never re-derives the rule).
 */
export async function getLabels(levelId: string): Promise<MemberLabel[]> {
  const answer = await api.get(`/api/app/labels?hierarchyLevelId=${encodeURIComponent(levelId)}`, {
    schema: labelsResponseSchema,
  });
  return answer?.items ?? [];
}

/** The labels at a level, cached a minute: they change rarely. */
export const labelsQueryOptions = (levelId: string) =>
  queryOptions({ queryKey: ['labels', levelId], queryFn: () => getLabels(levelId), staleTime: 60_000 });

/** The labels the member forms offer at a level. */
export const useLabels = (levelId: string) => useQuery(labelsQueryOptions(levelId));
