import { useQuery } from '@tanstack/react-query';
import { restrictedMembersSchema } from '@touchline/contracts/conditions';
import { api } from '../../../lib/api-client.ts';
import { conditionsKey, incidentApi } from './incident-paths.ts';

/** GET restricted-members: who is not cleared because a condition stands, and why (managers and above). */
export const useRestrictedMembers = (enabled: boolean) =>
  useQuery({
    queryKey: [...conditionsKey, 'restricted'],
    queryFn: async () =>
      (await api.get(`${incidentApi}/restricted-members`, { schema: restrictedMembersSchema })) ?? {
        items: [],
        totalCount: 0,
      },
    enabled,
  });
