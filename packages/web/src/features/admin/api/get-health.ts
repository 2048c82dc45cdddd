import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminHealthSchema, type AdminHealth } from '@touchline/contracts/admin';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey } from './paths.ts';

/** GET /api/app/admin/health: queues, vendors, webhooks and mail. */
export async function getHealth(): Promise<AdminHealth> {
  const answer = await api.get(`${adminApi}/health`, { schema: adminHealthSchema });
  if (!answer) throw new Error('The server sent no answer');
  return answer;
}

/** The health numbers, read again every 15 seconds while the page is open. */
export const useHealth = () =>
  useQuery(queryOptions({ queryKey: [...adminKey, 'health'], queryFn: getHealth, refetchInterval: 15_000 }));
