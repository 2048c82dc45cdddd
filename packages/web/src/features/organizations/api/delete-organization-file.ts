import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrganizationFilePurpose } from '@touchline/contracts/organizations';
import { api } from '../../../lib/api-client.ts';
import { organizationsKey } from './get-organization-list.ts';

/** DELETE /api/app/organization/{id}/file?purpose (spec §7): removes the file; 204 on success. */
export async function deleteOrganizationFile(input: {
  organizationId: string;
  purpose: OrganizationFilePurpose;
}): Promise<void> {
  await api.delete(
    `/api/app/organization/${encodeURIComponent(input.organizationId)}/file?purpose=${encodeURIComponent(input.purpose)}`,
    { expectStatus: 204 },
  );
}

/** Removes an organization file; its metadata, link and the list's logos are stale afterwards. */
export function useDeleteOrganizationFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrganizationFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationsKey }),
  });
}
