import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminAuditEventSchema, type AdminAuditEvent } from '@touchline/contracts/admin';
import { listResponse, type ListResponse } from '@touchline/contracts/pagination';
import { api } from '../../../lib/api-client.ts';
import { adminApi, adminKey, queryOf } from './paths.ts';

/** One page of an organization's audit trail, optionally of one entity type. */
export type AuditParams = { page: number; perPage: number; entityType?: string };

const pageSchema = listResponse(adminAuditEventSchema);

/** GET /api/app/admin/organizations/{id}/audit: its audit trail, newest first. */
export async function getOrganizationAudit(
  id: string,
  p: AuditParams,
): Promise<ListResponse<AdminAuditEvent>> {
  const answer = await api.get(`${adminApi}/organizations/${encodeURIComponent(id)}/audit?${queryOf(p)}`, {
    schema: pageSchema,
  });
  return answer ?? { items: [], totalCount: 0 };
}

/** One page of an organization's audit trail. */
export const useOrganizationAudit = (id: string, p: AuditParams) =>
  useQuery(
    queryOptions({
      queryKey: [...adminKey, 'organization', id, 'audit', p],
      queryFn: () => getOrganizationAudit(id, p),
      placeholderData: keepPreviousData,
    }),
  );
