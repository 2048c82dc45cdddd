import { useMutation } from '@tanstack/react-query';
import { contentFileSchema, type ContentFile } from '@touchline/contracts/content';
import { api } from '../../../lib/api-client.ts';

/** POST /api/app/content/content-{document|video}/{organizationId}/file: stores a template or a video (ADR 013). */
export async function uploadContentFile(input: {
  kind: string;
  organizationId: string;
  file: File;
}): Promise<ContentFile> {
  const body = new FormData();
  body.append('file', input.file);
  const answer = await api.post(
    `/api/app/content/content-${input.kind}/${encodeURIComponent(input.organizationId)}/file`,
    body,
    { schema: contentFileSchema },
  );
  if (!answer) throw new Error('The file was not returned');
  return answer;
}

/** Uploads a content file for the definition being edited. */
export const useUploadContentFile = () => useMutation({ mutationFn: uploadContentFile });
