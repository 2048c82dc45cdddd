import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  incidentSettingsSchema,
  ownIncidentTypeSchema,
  ownIncidentTypesSchema,
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

/** GET incident-types (ours): the organization's own types, archived ones too, for administrators at the top. */
export const useOwnIncidentTypes = () =>
  useQuery({
    queryKey: [...incidentsKey, 'own-types'],
    queryFn: async () => {
      const answer = await api.get(`${incidentApi}/incident-types`, { schema: ownIncidentTypesSchema });
      if (!answer) throw new Error('The incident types came back empty');
      return answer.items;
    },
  });

/** PUT settings, POST incident-types and PUT incident-types/{id} as mutations; each refreshes the incident reads (the types among them). */
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
    /** PUT incident-types/{id}: archive (true) or restore (false) one of the organization's own types. */
    archiveType: useMutation({
      mutationFn: ({ id, archived }: { id: string; archived: boolean }) =>
        api.put(`${incidentApi}/incident-types/${id}`, { archived }, { schema: ownIncidentTypeSchema }),
      onSuccess: refresh,
    }),
  };
}
