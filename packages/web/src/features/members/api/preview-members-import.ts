import { useMutation } from '@tanstack/react-query';
import { membersImportPreviewSchema, type MembersImportPreview } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';

/** POST /api/app/hierarchy-level/{id}/members-import/preview: every row of the file, resolved, with its errors. */
export async function previewMembersImport(levelId: string, csv: string): Promise<MembersImportPreview> {
  const answer = await api.post(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/members-import/preview`,
    { csv },
    { schema: membersImportPreviewSchema },
  );
  if (!answer) throw new Error('The preview answer was empty');
  return answer;
}

/** Previews an import file into a level. */
export const usePreviewMembersImport = (levelId: string) =>
  useMutation({ mutationFn: (csv: string) => previewMembersImport(levelId, csv) });
