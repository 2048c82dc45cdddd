import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizationListPageSize } from '@touchline/contracts/pagination';
import {
  organizationListResponseSchema,
  type OrganizationListResponse,
} from '@touchline/contracts/organizations';
import { api } from '../../../lib/api-client.ts';

/** Prefix of every organization query; mutations invalidate below it. */
export const organizationsKey = ['organizations'] as const;

/** GET /api/app/organization/organization-list?PerPage=1000 (spec §7): the organizations the user belongs to. */
export async function getOrganizationList(): Promise<OrganizationListResponse> {
  return (
    (await api.get(`/api/app/organization/organization-list?PerPage=${organizationListPageSize}`, {
      schema: organizationListResponseSchema,
    })) ?? { items: [], totalCount: 0 }
  );
}

/** Keyed per user; the logo links in it expire after ten minutes, so it is refetched after five. */
export const organizationListQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...organizationsKey, 'list', userId],
    queryFn: getOrganizationList,
    enabled: userId !== '',
    staleTime: 5 * 60_000,
  });

/** The signed-in user's organizations. */
export const useOrganizationList = (userId: string) => useQuery(organizationListQueryOptions(userId));
