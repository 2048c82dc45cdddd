import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrganizationDetailSchema, type AdminOrganizationDetail } from '@touchline/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey } from './paths.ts';

/** GET /api/app/admin/organizations/{id}: an organization's page. */
export async function getOrganization(id: string): Promise<AdminOrganizationDetail> {
  const answer = await api.get(`${adminApi}/organizations/${encodeURIComponent(id)}`, {
    schema: adminOrganizationDetailSchema,
  });
  if (!answer) throw new Error('The server sent no answer');
  return answer;
}

/** Query options of an organization's page. */
export const organizationQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...adminKey, 'organization', id], queryFn: () => getOrganization(id) });

/** An organization's page. */
export const useOrganization = (id: string) => useQuery(organizationQueryOptions(id));
