import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { dashboardMembersQuerySchema, type DashboardMembersQuery } from '@touchline/contracts/dashboard';

/** Reads the members filter from a query string; anything unreadable falls back to the spec's defaults (§3, §9). */
export function parseDashboardFilter(params: URLSearchParams): DashboardMembersQuery {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  const parsed = dashboardMembersQuerySchema.safeParse(raw);
  return parsed.success ? parsed.data : dashboardMembersQuerySchema.parse({});
}

/**
 * The dashboard's filter lives in the URL (shareable, survives reload, back button steps through it). Changing a
 * filter goes back to page 1; changing the page keeps the filter.
 */
export function useDashboardFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseDashboardFilter(params), [params]);
  const update = (change: Partial<DashboardMembersQuery>) => {
    const next = { ...filter, ...change, page: change.page ?? 1 };
    const defaults = dashboardMembersQuerySchema.parse({});
    const out = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) {
      const fallback = defaults[key as keyof DashboardMembersQuery];
      if (Array.isArray(value)) for (const v of value) out.append(key, String(v));
      else if (value !== fallback && value !== '') out.set(key, String(value));
    }
    setParams(out, { replace: change.search !== undefined });
  };
  return { filter, update };
}
