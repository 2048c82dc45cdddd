import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPersonDetailSchema, type AdminPersonDetail } from '@touchline/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey } from './paths.ts';

/** GET /api/app/admin/people/{id}: one account and its memberships. */
export async function getPerson(id: string): Promise<AdminPersonDetail> {
  const answer = await api.get(`${adminApi}/people/${encodeURIComponent(id)}`, {
    schema: adminPersonDetailSchema,
  });
  if (!answer) throw new Error('The server sent no answer');
  return answer;
}

/** One account and its memberships (only when one is chosen). */
export const usePerson = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: [...adminKey, 'person', id],
      queryFn: () => getPerson(id ?? ''),
      enabled: id !== null,
    }),
  );
