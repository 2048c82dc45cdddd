import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  fileUrlResponseSchema,
  type FileUrlResponse,
  type OrganizationFilePurpose,
} from '@touchline/contracts/organizations';
import { api } from '../../../lib/api-client.ts';
import { organizationFilesKey } from './get-organization-file.ts';

/** GET /api/app/organization/{id}/file-url-with-token/?purpose (spec §7): an expiring link, or null when no file. */
export async function getOrganizationFileUrl(
  organizationId: string,
  purpose: OrganizationFilePurpose,
): Promise<FileUrlResponse | null> {
  return api.get(
    `/api/app/organization/${encodeURIComponent(organizationId)}/file-url-with-token/?purpose=${encodeURIComponent(purpose)}`,
    { schema: fileUrlResponseSchema, notFoundAsEmpty: true },
  );
}

/** The link lasts at least ten minutes; asking again after five keeps an <img> from ever holding a dead one. */
export const organizationFileUrlQueryOptions = (organizationId: string, purpose: OrganizationFilePurpose) =>
  queryOptions({
    queryKey: [...organizationFilesKey(organizationId), 'url', purpose],
    queryFn: () => getOrganizationFileUrl(organizationId, purpose),
    enabled: organizationId !== '',
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
  });

/** An expiring link to one organization file (null: none stored). */
export const useOrganizationFileUrl = (organizationId: string, purpose: OrganizationFilePurpose) =>
  useQuery(organizationFileUrlQueryOptions(organizationId, purpose));
