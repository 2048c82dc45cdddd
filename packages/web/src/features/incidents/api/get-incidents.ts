import { queryOptions, useQuery } from '@tanstack/react-query';
import { incidentListSchema, type IncidentList } from '@touchline/contracts/incidents';
import { api } from '../../../lib/api-client.ts';
import { incidentApi, incidentsKey } from './incident-paths.ts';

/** GET incidents?ProfileId&ProfileLevelAccessId: what the caller may read, the open count and the types. */
export async function getIncidents(
  query: { profileId?: string; profileLevelAccessId?: string } = {},
): Promise<IncidentList> {
  const params = new URLSearchParams();
  if (query.profileId) params.set('ProfileId', query.profileId);
  if (query.profileLevelAccessId) params.set('ProfileLevelAccessId', query.profileLevelAccessId);
  const search = params.size > 0 ? `?${params.toString()}` : '';
  const answer = await api.get(`${incidentApi}/incidents${search}`, { schema: incidentListSchema });
  if (!answer) throw new Error('The incident list was empty');
  return answer;
}

/** Query options of the list. */
export const incidentsQueryOptions = (query: { profileId?: string; profileLevelAccessId?: string } = {}) =>
  queryOptions({ queryKey: [...incidentsKey, 'list', query], queryFn: () => getIncidents(query) });

/** The list, for the incidents page and a member's page. */
export const useIncidents = (query: { profileId?: string; profileLevelAccessId?: string } = {}) =>
  useQuery(incidentsQueryOptions(query));
