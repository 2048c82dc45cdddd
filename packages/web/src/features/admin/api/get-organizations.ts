import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrganizationSchema, type AdminOrganization } from '@touchline/contracts/admin';
import { listResponse, type ListResponse } from '@touchline/contracts/pagination';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey, queryOf } from './paths.ts';

/** The organizations list's filters and page. */
export type OrganizationParams = {
  page: number;
  perPage: number;
  search?: string;
  demo?: 'true' | 'false';
  sort?: 'name' | 'created' | 'activity';
};

const pageSchema = listResponse(adminOrganizationSchema);

/** GET /api/app/admin/organizations: every organization, searched, filtered and paged on the server. */
export async function getOrganizations(p: OrganizationParams): Promise<ListResponse<AdminOrganization>> {
  const answer = await api.get(`${adminApi}/organizations?${queryOf(p)}`, { schema: pageSchema });
  return answer ?? { items: [], totalCount: 0 };
}

/** Query options of one page of organizations. */
export const organizationsQueryOptions = (p: OrganizationParams) =>
  queryOptions({
    queryKey: [...adminKey, 'organizations', p],
    queryFn: () => getOrganizations(p),
    placeholderData: keepPreviousData,
  });

/** One page of organizations. */
export const useOrganizations = (p: OrganizationParams) => useQuery(organizationsQueryOptions(p));
