import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  backgroundCheckSettingsSchema,
  type BackgroundCheckSettings,
} from '@touchline/contracts/background-checks';
import { api } from '../../../lib/api-client.ts';

const path = (organizationId: string) =>
  `/api/app/organization/${encodeURIComponent(organizationId)}/background-check-settings`;
const key = (organizationId: string | null) => ['background-checks', 'settings', organizationId] as const;
/** The organization list (orgData) carries the same flags: refreshed after a save. */
const organizationListKey = ['organizations'] as const;

/** GET {id}/background-check-settings (administrators). */
export const useBackgroundCheckSettings = (organizationId: string | null) =>
  useQuery({
    queryKey: key(organizationId),
    queryFn: async () => {
      const settings = await api.get(path(organizationId ?? ''), { schema: backgroundCheckSettingsSchema });
      if (!settings) throw new Error('The settings answer was empty');
      return settings;
    },
    enabled: organizationId !== null,
    retry: false,
  });

/** PUT {id}/background-check-settings. */
export function useSaveBackgroundCheckSettings(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BackgroundCheckSettings) =>
      api.put(path(organizationId ?? ''), body, { schema: backgroundCheckSettingsSchema }),
    onSuccess: async (saved) => {
      if (saved) queryClient.setQueryData(key(organizationId), saved);
      await queryClient.invalidateQueries({ queryKey: organizationListKey });
    },
  });
}
