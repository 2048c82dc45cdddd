import { queryOptions, useQuery } from '@tanstack/react-query';
import { filesToViewResponseSchema, type RequirementFile } from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { requirementActionPath, requirementsKey, type RequirementRef } from './requirement-paths.ts';

/** GET {id}/files-to-view?plaId: the files the member has attached to this requirement. */
export async function getFilesToView(ref: RequirementRef): Promise<RequirementFile[]> {
  const answer = await api.get(requirementActionPath(ref, 'files-to-view'), {
    schema: filesToViewResponseSchema,
    notFoundAsEmpty: true,
  });
  return answer?.items ?? [];
}

/** Query options of one requirement's files. */
export const filesToViewQueryOptions = (ref: RequirementRef) =>
  queryOptions({
    queryKey: [...requirementsKey, 'files', ref.definitionId, ref.profileLevelAccessId],
    queryFn: () => getFilesToView(ref),
  });

/** The files of one requirement, read only for the types that have files. */
export const useFilesToView = (ref: RequirementRef, enabled = true) =>
  useQuery({ ...filesToViewQueryOptions(ref), enabled: enabled && ref.profileLevelAccessId !== null });
