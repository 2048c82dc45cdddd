import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPersonSchema, type AdminPerson } from '@touchline/contracts/admin';
import { listResponse, type ListResponse } from '@touchline/contracts/pagination';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey, queryOf } from './paths.ts';

/** One page of the people search. */
export type PeopleParams = { page: number; perPage: number; search?: string };

const pageSchema = listResponse(adminPersonSchema);

/** GET /api/app/admin/people: accounts across every organization by e-mail or name. */
export async function getPeople(p: PeopleParams): Promise<ListResponse<AdminPerson>> {
  const answer = await api.get(`${adminApi}/people?${queryOf(p)}`, { schema: pageSchema });
  return answer ?? { items: [], totalCount: 0 };
}

/** One page of people. */
export const usePeople = (p: PeopleParams) =>
  useQuery(
    queryOptions({
      queryKey: [...adminKey, 'people', p],
      queryFn: () => getPeople(p),
      placeholderData: keepPreviousData,
    }),
  );
