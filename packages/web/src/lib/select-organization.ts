import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  selectOrganizationResponseSchema,
  type SelectOrganizationResponse,
} from '@touchline/contracts/organizations';
import { api } from './api-client.ts';
import { session } from './session.ts';

/**
 * GET /api/app/organization/{id}/select-organization (spec §7), then a token refresh so CurrentProfileId and the
 * roles follow (ADR 007). Shared by the organization switcher, the profile page and the creation wizard.
 */
export async function selectOrganization(organizationId: string): Promise<SelectOrganizationResponse> {
  const answer = await api.get(
    `/api/app/organization/${encodeURIComponent(organizationId)}/select-organization`,
    { schema: selectOrganizationResponseSchema, retry: { retries: 0, delayMs: 0 } },
  );
  if (!answer) throw new Error('The select-organization answer was empty');
  await session.refresh();
  return answer;
}

/** Switches organization; every cached query belongs to the old one, so all are dropped afterwards. */
export function useSelectOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectOrganization,
    onSuccess: async () => {
      queryClient.removeQueries();
    },
  });
}
