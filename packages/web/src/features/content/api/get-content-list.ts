import { queryOptions, useQuery } from '@tanstack/react-query';
import { contentListResponseSchema, type ContentListResponse } from '@touchline/contracts/content';
import { api } from '../../../lib/api-client.ts';

/** Every content library query starts with this key, so a change refreshes them all. */
export const contentQueryKey = ['content'] as const;

/** GET /api/app/content?organizationId: the library in its order. */
export async function getContentList(organizationId: string): Promise<ContentListResponse> {
  const answer = await api.get(`/api/app/content?organizationId=${encodeURIComponent(organizationId)}`, {
    schema: contentListResponseSchema,
    retry: { retries: 0, delayMs: 0 },
  });
  return answer ?? { items: [], totalCount: 0, canManage: false };
}

/** The library list of an organization. */
export const contentListQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...contentQueryKey, 'list', organizationId],
    queryFn: () => getContentList(organizationId),
    enabled: organizationId !== '',
  });

/** The library list the content page shows. */
export const useContentList = (organizationId: string) => useQuery(contentListQueryOptions(organizationId));
