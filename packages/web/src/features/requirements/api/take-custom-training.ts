import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trainingUrlSchema } from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { openInNewTab } from './open-in-new-tab.ts';
import { requirementActionPath, requirementsKey, type RequirementRef } from './requirement-paths.ts';

/** POST {id}/take-custom-training?plaId: where the training is (and the server notes that it was opened). */
export async function takeCustomTraining(ref: RequirementRef): Promise<string> {
  const answer = await api.post(requirementActionPath(ref, 'take-custom-training'), undefined, {
    schema: trainingUrlSchema,
  });
  if (!answer) throw new Error('The training link was empty');
  return answer.url;
}

/** Opens the training in a new tab and refreshes the requirement (taking it may change its state). */
export function useTakeCustomTraining(ref: RequirementRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => openInNewTab(() => takeCustomTraining(ref)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requirementsKey }),
  });
}
