import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  conditionListSchema,
  conditionSchema,
  type Condition,
  type SaveConditionBody,
  type UpdateConditionBody,
} from '@touchline/contracts/conditions';
import { api } from '../../../lib/api-client.ts';
import { conditionsKey, incidentsKey } from './incident-paths.ts';

const profileApi = '/api/app/profile';

/** GET conditions/{id}: a profile's conditions the caller may see, and why the member is not cleared. */
export const useConditions = (profileId: string) =>
  useQuery({
    queryKey: [...conditionsKey, profileId],
    queryFn: async () => {
      const answer = await api.get(`${profileApi}/conditions/${encodeURIComponent(profileId)}`, {
        schema: conditionListSchema,
      });
      if (!answer) throw new Error('The condition list was empty');
      return answer;
    },
  });

/** The path of a condition's clearance document (upload and read). */
export const clearancePath = (profileId: string, conditionId: string) =>
  `${profileApi}/${encodeURIComponent(profileId)}/condition-clearance/${encodeURIComponent(conditionId)}`;

/** condition-save, condition-update and the clearance upload, each refreshing the member's conditions. */
export function useConditionWrites(profileId: string) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: conditionsKey }),
      queryClient.invalidateQueries({ queryKey: incidentsKey }),
    ]);
  const id = encodeURIComponent(profileId);
  const need = (c: Condition | null) => {
    if (!c) throw new Error('The condition answer was empty');
    return c;
  };
  return {
    save: useMutation({
      mutationFn: async (body: SaveConditionBody) =>
        need(await api.post(`${profileApi}/${id}/condition-save`, body, { schema: conditionSchema })),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async (body: UpdateConditionBody) =>
        need(await api.post(`${profileApi}/${id}/condition-update`, body, { schema: conditionSchema })),
      onSuccess: refresh,
    }),
    submitClearance: useMutation({
      mutationFn: async (input: { conditionId: string; file: File }) => {
        const form = new FormData();
        form.append('file', input.file, input.file.name);
        return need(
          await api.post(clearancePath(profileId, input.conditionId), form, { schema: conditionSchema }),
        );
      },
      onSuccess: refresh,
    }),
  };
}
