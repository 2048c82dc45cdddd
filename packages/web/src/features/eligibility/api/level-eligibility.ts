import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  levelEligibilitySchema,
  type LevelEligibility,
  type LevelEligibilityBody,
} from '@touchline/contracts/eligibility';
import { api } from '../../../lib/api-client.ts';

const path = (levelId: string) => `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/eligibility`;
const key = (levelId: string) => ['level-eligibility', levelId] as const;

/** GET …/{id}/eligibility: the level's own age group and grade bounds. */
export const useLevelEligibility = (levelId: string) =>
  useQuery({
    queryKey: key(levelId),
    queryFn: () => api.get(path(levelId), { schema: levelEligibilitySchema }),
  });

/** PUT …/{id}/eligibility: sets (all empty: clears) them; the dashboard's flags follow. */
export function useSetLevelEligibility(levelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LevelEligibilityBody): Promise<LevelEligibility> => {
      const saved = await api.put(path(levelId), body, { schema: levelEligibilitySchema });
      if (!saved) throw new Error('The eligibility answer was empty');
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(key(levelId), saved);
      return queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
