import type { QueryClient } from '@tanstack/react-query';
import type { MyRequirementsResponse } from '@touchline/contracts/member-requirements';
import type { RequirementActionResult } from '@touchline/contracts/requirement-completion';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { myRequirementsKey } from './get-my-requirements.ts';
import { requirementsKey } from './requirement-paths.ts';

/**
 * After an action: the answer's status shows at once in the cached list, then every requirement query refetches
 * (the allowed actions and next step come from the server, never re-derived here).
 */
export async function applyActionResult(queryClient: QueryClient, result: RequirementActionResult | null) {
  if (result) {
    queryClient.setQueryData<MyRequirementsResponse>(myRequirementsKey, (old) =>
      old
        ? {
            ...old,
            items: old.items.map((item) =>
              item.definitionId === result.definitionId
                ? {
                    ...item,
                    status: result.status,
                    completedAt: result.completedAt,
                    // A resubmission answers the reviewer's notes, so they go with the Rejected status.
                    returnedNotes: result.status === RequirementStatus.Rejected ? item.returnedNotes : null,
                  }
                : item,
            ),
          }
        : old,
    );
  }
  await queryClient.invalidateQueries({ queryKey: requirementsKey });
}
