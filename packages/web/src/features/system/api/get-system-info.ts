import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemInfoSchema, type SystemInfo } from '@touchline/contracts/system';
import { api } from '../../../lib/api-client.ts';

/** GET /api/system/info: this deployment and its demo league (public). */
export async function getSystemInfo(): Promise<SystemInfo> {
  const info = await api.get('/api/system/info', { schema: systemInfoSchema });
  if (!info) throw new Error('The server sent no system information');
  return info;
}

export const systemInfoQueryOptions = () =>
  queryOptions({ queryKey: ['system', 'info'], queryFn: getSystemInfo });

export const useSystemInfo = () => useQuery(systemInfoQueryOptions());
