import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemInfoSchema, type SystemInfo } from '@touchline/contracts/system';
import { api } from '../../../lib/api-client.ts';

/** GET /api/system/info: which build runs and on what (public; the home page shows it to platform admins). */
export async function getSystemInfo(): Promise<SystemInfo> {
  const info = await api.get('/api/system/info', { schema: systemInfoSchema });
  if (!info) throw new Error('The server sent no system information');
  return info;
}

/** The deployment facts' query. */
export const systemInfoQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'info'], queryFn: getSystemInfo });

/** The deployment facts. */
export const useSystemInfo = () => useQuery(systemInfoQueryOptions());
