import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  myRequirementsPath,
  myRequirementsResponseSchema,
  type MyRequirementsResponse,
} from '@touchline/contracts/member-requirements';
import { api } from '../../../lib/api-client.ts';
import { requirementsKey } from './requirement-paths.ts';

/** Query key of the member's requirement list. */
export const myRequirementsKey = [...requirementsKey, 'mine'] as const;

/** GET my-requirements: the signed-in member's requirements with status, due date and allowed actions. */
export async function getMyRequirements(): Promise<MyRequirementsResponse> {
  const answer = await api.get(myRequirementsPath, { schema: myRequirementsResponseSchema });
  if (!answer) throw new Error('The requirements answer was empty');
  return answer;
}

/** Query options of the member's requirement list (the list page and the detail page share them). */
export const myRequirementsQueryOptions = () =>
  queryOptions({ queryKey: myRequirementsKey, queryFn: getMyRequirements });

/** The signed-in member's requirements. */
export const useMyRequirements = () => useQuery(myRequirementsQueryOptions());
