import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrganizationPersonSchema, type AdminOrganizationPerson } from '@touchline/contracts/admin';
import { listResponse, type ListResponse } from '@touchline/contracts/pagination';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey, queryOf } from './paths.ts';

/** One page of an organization's people, searched. */
export type OrganizationPeopleParams = { page: number; perPage: number; search?: string };

const pageSchema = listResponse(adminOrganizationPersonSchema);

/** GET /api/app/admin/organizations/{id}/people: its people with their roles, to view as. */
export async function getOrganizationPeople(
  id: string,
  p: OrganizationPeopleParams,
): Promise<ListResponse<AdminOrganizationPerson>> {
  const answer = await api.get(`${adminApi}/organizations/${encodeURIComponent(id)}/people?${queryOf(p)}`, {
    schema: pageSchema,
  });
  return answer ?? { items: [], totalCount: 0 };
}

/** One page of an organization's people. */
export const useOrganizationPeople = (id: string, p: OrganizationPeopleParams) =>
  useQuery(
    queryOptions({
      queryKey: [...adminKey, 'organization', id, 'people', p],
      queryFn: () => getOrganizationPeople(id, p),
      placeholderData: keepPreviousData,
    }),
  );
