import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  backgroundCheckClientGrantSchema,
  type BackgroundCheckClientGrant,
  type GrantBackgroundCheckClientBody,
} from '@touchline/contracts/background-checks';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './paths.ts';

const grantsApi = '/api/app/integrations/background-check-client-grants';

/** GET …/background-check-client-grants: the agency's clients and the organization each is granted to. */
export async function getClientGrants(): Promise<BackgroundCheckClientGrant[]> {
  return (await api.get(grantsApi, { schema: z.array(backgroundCheckClientGrantSchema) })) ?? [];
}

/** The agency's clients and their grants. */
export const useClientGrants = () =>
  useQuery(queryOptions({ queryKey: [...adminKey, 'client-grants'], queryFn: getClientGrants }));

/** POST (grant to an organization) or DELETE (withdraw) a client's grant; the list refreshes afterwards. */
export function useClientGrantAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      input: { grant: GrantBackgroundCheckClientBody } | { withdraw: BackgroundCheckClientGrant },
    ) => {
      if ('grant' in input)
        await api.post(grantsApi, input.grant, { schema: backgroundCheckClientGrantSchema });
      else
        await api.delete(
          `${grantsApi}/${encodeURIComponent(input.withdraw.agencyId)}/${encodeURIComponent(input.withdraw.clientId)}`,
        );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...adminKey, 'client-grants'] }),
  });
}
