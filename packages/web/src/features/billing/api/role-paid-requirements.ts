import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  rolePaidRequirementsSchema,
  type RolePaidRequirements,
  type RolePaidRequirementsBody,
} from '@touchline/contracts/member-payments';
import { api } from '../../../lib/api-client.ts';
import { billingKey } from './get-billing-summary.ts';

const url = (organizationId: string) =>
  `/api/app/organization/${encodeURIComponent(organizationId)}/role-paid-requirements`;
const key = (organizationId: string) => [...billingKey(organizationId), 'role-paid-requirements'] as const;

/** GET …/role-paid-requirements: each member role with what its members pay for themselves (ADR 031). */
export const useRolePaidRequirements = (organizationId: string) =>
  useQuery({
    queryKey: key(organizationId),
    queryFn: async (): Promise<RolePaidRequirements> => {
      const answer = await api.get(url(organizationId), { schema: rolePaidRequirementsSchema });
      if (!answer) throw new Error('The answer was empty');
      return answer;
    },
  });

/** PUT …/role-paid-requirements: replaces one role's paid requirements. */
export function useSaveRolePaidRequirements(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RolePaidRequirementsBody) => {
      const saved = await api.put(url(organizationId), body, { schema: rolePaidRequirementsSchema });
      if (!saved) throw new Error('The answer was empty');
      return saved;
    },
    onSuccess: (saved) => queryClient.setQueryData(key(organizationId), saved),
  });
}
