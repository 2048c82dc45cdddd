import { useMutation, useQueryClient } from '@tanstack/react-query';
import { membersImportResultSchema, type MembersImportResult } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { directMembersKey } from './get-direct-members.ts';

/** POST /api/app/hierarchy-level/{id}/members-import: imports every row, or none when a row is bad. */
export async function importMembers(levelId: string, csv: string): Promise<MembersImportResult> {
  const answer = await api.post(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/members-import`,
    { csv },
    { schema: membersImportResultSchema },
  );
  if (!answer) throw new Error('The import answer was empty');
  return answer;
}

/** Imports a file into a level; the member lists refetch afterwards. */
export function useImportMembers(levelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importMembers(levelId, csv),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: directMembersKey }),
  });
}
