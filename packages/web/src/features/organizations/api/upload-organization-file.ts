import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  organizationFileSchema,
  type OrganizationFile,
  type OrganizationFilePurpose,
} from '@touchline/contracts/organizations';
import { api } from '../../../lib/api-client.ts';
import { organizationsKey } from './get-organization-list.ts';

/** POST /api/app/organization/{id}/file?purpose (spec §7): stores (or replaces) the file, sent as multipart. */
export async function uploadOrganizationFile(input: {
  organizationId: string;
  purpose: OrganizationFilePurpose;
  file: File;
}): Promise<OrganizationFile> {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  const stored = await api.post(
    `/api/app/organization/${encodeURIComponent(input.organizationId)}/file?purpose=${encodeURIComponent(input.purpose)}`,
    form,
    { schema: organizationFileSchema },
  );
  if (!stored) throw new Error('The upload answer was empty');
  return stored;
}

/** Uploads an organization file; its metadata, link and the list's logos are stale afterwards. */
export function useUploadOrganizationFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadOrganizationFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}
