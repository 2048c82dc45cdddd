import { queryOptions, useQuery } from '@tanstack/react-query';
import { moveTargetsResponseSchema, type MoveTarget } from '@touchline/contracts/hierarchy';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';

/** GET /api/app/hierarchy-level/{id}/move-targets: where the level may go (never its own subtree). */
export async function getMoveTargets(levelId: string): Promise<MoveTarget[]> {
  const answer = await api.get(`/api/app/hierarchy-level/${encodeURIComponent(levelId)}/move-targets`, {
    schema: moveTargetsResponseSchema,
  });
  return answer?.items ?? [];
}

/** Query options of a level's move targets. */
export const moveTargetsQueryOptions = (levelId: string) =>
  queryOptions({
    queryKey: [...levelQueryKey, levelId, 'move-targets'],
    queryFn: () => getMoveTargets(levelId),
    staleTime: 0,
  });

/** The move targets, loaded only while the move dialog is open. */
export const useMoveTargets = (levelId: string, enabled: boolean) =>
  useQuery({ ...moveTargetsQueryOptions(levelId), enabled });
