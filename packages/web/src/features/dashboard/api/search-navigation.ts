import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  navigationSearchResponseSchema,
  type NavigationSearchResponse,
} from '@touchline/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';

/** GET /api/app/hierarchy-level/search?q= : levels and members of the reachable tree (spec §3 searchResults). */
export async function searchNavigation(q: string): Promise<NavigationSearchResponse> {
  const answer = await api.get(`/api/app/hierarchy-level/search?q=${encodeURIComponent(q)}`, {
    schema: navigationSearchResponseSchema,
  });
  return answer ?? { nodes: {}, userList: {} };
}

/** The navigation search's results for the (debounced) text; nothing is asked below two characters. */
export const useNavigationSearch = (q: string) =>
  useQuery({
    queryKey: ['dashboard', 'search', q],
    queryFn: () => searchNavigation(q),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
