import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MembersImportMode,
  membersImportResultSchema,
  type MembersImportResult,
} from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { levelQueryKey } from '../../../lib/level-navigation.ts';
import { directMembersKey } from './get-direct-members.ts';

/**
 * POST /api/app/hierarchy-level/{id}/members-import: mode `all` imports every row or none when a row is bad; `valid`
 * imports the good rows and answers the others with their problems.
 */
export async function importMembers(
  levelId: string,
  csv: string,
  mode: MembersImportMode = MembersImportMode.All,
): Promise<MembersImportResult> {
  const answer = await api.post(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/members-import`,
    { csv, mode },
    { schema: membersImportResultSchema },
  );
  if (!answer) throw new Error('The import answer was empty');
  return answer;
}

/** Imports a file into a level; the member lists refetch afterwards. */
export function useImportMembers(levelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, mode }: { csv: string; mode: MembersImportMode }) =>
      importMembers(levelId, csv, mode),
    // The tree's member counts (level navigation) change with the members, so they refetch too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: directMembersKey }),
        queryClient.invalidateQueries({ queryKey: levelQueryKey }),
      ]),
  });
}
