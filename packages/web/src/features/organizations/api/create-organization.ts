import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createOrganizationResponseSchema,
  type CreateOrganizationBody,
  type CreateOrganizationResponse,
} from '@touchline/contracts/organizations';
import { api } from '../../../lib/api-client.ts';
import { organizationsKey } from './get-organization-list.ts';

/** POST /api/app/organization (spec §7): the creation wizard's draft becomes an organization. */
export async function createOrganization(body: CreateOrganizationBody): Promise<CreateOrganizationResponse> {
  const created = await api.post('/api/app/organization', body, { schema: createOrganizationResponseSchema });
  if (!created) throw new Error('The create-organization answer was empty');
  return created;
}

/** Creates an organization; the organization list is stale afterwards. */
export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}
