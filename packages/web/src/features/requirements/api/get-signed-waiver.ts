import { queryOptions, useQuery } from '@tanstack/react-query';
import { signedWaiverSchema, type SignedWaiver } from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { requirementActionPath, requirementsKey, type RequirementRef } from './requirement-paths.ts';

/** GET {id}/waiver/view?plaId: the signed waiver, to show. */
export async function getSignedWaiver(ref: RequirementRef): Promise<SignedWaiver> {
  const waiver = await api.get(requirementActionPath(ref, 'waiver/view'), { schema: signedWaiverSchema });
  if (!waiver) throw new Error('The signed waiver was empty');
  return waiver;
}

/** Query options of the signed waiver. */
export const signedWaiverQueryOptions = (ref: RequirementRef) =>
  queryOptions({
    queryKey: [...requirementsKey, 'waiver', ref.definitionId, ref.profileLevelAccessId],
    queryFn: () => getSignedWaiver(ref),
  });

/** The signed waiver, fetched only when asked for. */
export const useSignedWaiver = (ref: RequirementRef, enabled: boolean) =>
  useQuery({ ...signedWaiverQueryOptions(ref), enabled });
