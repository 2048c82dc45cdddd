import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  organizationFileSchema,
  type OrganizationFile,
  type OrganizationFilePurpose,
} from '@touchline/contracts/organizations';
import { api } from '../../../lib/api-client.ts';
import { organizationsKey } from './get-organization-list.ts';

/** Every query about one organization's files, so an upload or removal refreshes them all. */
export const organizationFilesKey = (organizationId: string) =>
  [...organizationsKey, organizationId, 'files'] as const;

/** GET /api/app/organization/{id}/file?purpose (spec §7): what is stored, or null when nothing is. */
export async function getOrganizationFile(
  organizationId: string,
  purpose: OrganizationFilePurpose,
): Promise<OrganizationFile | null> {
  return api.get(
    `/api/app/organization/${encodeURIComponent(organizationId)}/file?purpose=${encodeURIComponent(purpose)}`,
    { schema: organizationFileSchema, notFoundAsEmpty: true },
  );
}

/** Query options of one organization file's metadata. */
export const organizationFileQueryOptions = (organizationId: string, purpose: OrganizationFilePurpose) =>
  queryOptions({
    queryKey: [...organizationFilesKey(organizationId), 'metadata', purpose],
    queryFn: () => getOrganizationFile(organizationId, purpose),
  });

/** One organization file's metadata (null: none stored). */
export const useOrganizationFile = (organizationId: string, purpose: OrganizationFilePurpose) =>
  useQuery(organizationFileQueryOptions(organizationId, purpose));
