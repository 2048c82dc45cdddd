import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  incidentSettingsSchema,
  type AddIncidentTypeBody,
  type IncidentSettings,
} from '@touchline/contracts/incident-settings';
import { api } from '../../../lib/api-client.ts';
import { incidentApi, incidentsKey } from './incident-paths.ts';

/** GET settings (ours, ADR 040): the roles with incident access, the triage deadline, guardian notices per type. */
export async function getIncidentSettings(): Promise<IncidentSettings> {
  const answer = await api.get(`${incidentApi}/settings`, { schema: incidentSettingsSchema });
  if (!answer) throw new Error('The incident settings came back empty');
  return answer;
}

export const incidentSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...incidentsKey, 'settings'], queryFn: getIncidentSettings });

/** The settings, for administrators at the top level. */
export const useIncidentSettings = () => useQuery(incidentSettingsQueryOptions());

/** PUT settings and POST incident-types as mutations; each refreshes the incident reads (the types among them). */
export function useIncidentSettingsWrites() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: incidentsKey });
  return {
    save: useMutation({
      mutationFn: (body: IncidentSettings) =>
        api.put(`${incidentApi}/settings`, body, { schema: incidentSettingsSchema }),
      onSuccess: refresh,
    }),
    addType: useMutation({
      mutationFn: (body: AddIncidentTypeBody) => api.post(`${incidentApi}/incident-types`, body),
      onSuccess: refresh,
    }),
  };
}
