import { useQuery } from '@tanstack/react-query';
import { incidentPeopleSchema, incidentSchema, type Incident } from '@touchline/contracts/incidents';
import { api } from '../../../lib/api-client.ts';
import { incidentApi, incidentsKey } from './incident-paths.ts';

/** GET {id}/incident: one incident as the caller may see it. */
export async function getIncident(id: string): Promise<Incident> {
  const answer = await api.get(`${incidentApi}/${encodeURIComponent(id)}/incident`, {
    schema: incidentSchema,
  });
  if (!answer) throw new Error('The incident was empty');
  return answer;
}

/** One incident, for its page. */
export const useIncident = (id: string) =>
  useQuery({ queryKey: [...incidentsKey, 'one', id], queryFn: () => getIncident(id) });

/** GET people?hierarchyLevelId: the roster a report at the level can name. */
export const useIncidentPeople = (hierarchyLevelId: string) =>
  useQuery({
    queryKey: [...incidentsKey, 'people', hierarchyLevelId],
    queryFn: async () =>
      (await api.get(`${incidentApi}/people?hierarchyLevelId=${encodeURIComponent(hierarchyLevelId)}`, {
        schema: incidentPeopleSchema,
      })) ?? [],
    enabled: hierarchyLevelId !== '',
  });
