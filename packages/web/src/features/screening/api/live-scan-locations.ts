import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  liveScanLocationSchema,
  liveScanUrlsResponseSchema,
  type LiveScanLocation,
  type LiveScanLocationBody,
} from '@touchline/contracts/live-scan';
import { api } from '../../../lib/api-client.ts';

const urls = (organizationId: string) =>
  `/api/app/organization/${encodeURIComponent(organizationId)}/live-scan-urls`;
const key = (organizationId: string | null) => ['live-scan-urls', organizationId] as const;

/** GET /api/app/organization/{id}/live-scan-urls: the organization's LiveScan locations by state. */
export const useLiveScanLocations = (organizationId: string | null) =>
  useQuery({
    queryKey: key(organizationId),
    queryFn: async () => {
      const answer = await api.get(urls(organizationId ?? ''), { schema: liveScanUrlsResponseSchema });
      if (!answer) throw new Error('The LiveScan locations answer was empty');
      return answer.items;
    },
    enabled: organizationId !== null,
  });

/** POST (a new location) or PUT …/{locationId} (a correction): the admin's save. */
export function useSaveLiveScanLocation(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { locationId: string | null; body: LiveScanLocationBody }) => {
      const base = urls(organizationId ?? '');
      const saved: LiveScanLocation | null = input.locationId
        ? await api.put(`${base}/${encodeURIComponent(input.locationId)}`, input.body, {
            schema: liveScanLocationSchema,
          })
        : await api.post(base, input.body, { schema: liveScanLocationSchema });
      if (!saved) throw new Error('The saved location was not answered');
      return saved;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(organizationId) }),
  });
}

/** DELETE …/live-scan-urls/{locationId}: the admin removes a location. */
export function useDeleteLiveScanLocation(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locationId: string) =>
      api.delete(`${urls(organizationId ?? '')}/${encodeURIComponent(locationId)}`, { expectStatus: 204 }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(organizationId) }),
  });
}
