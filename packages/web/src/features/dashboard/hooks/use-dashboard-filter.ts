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
  if (!parsed.success) return dashboardMembersQuerySchema.parse({});
  // The server takes at most one cursor (ADR 017): a URL naming both keeps neither, and the page number alone
  // finds the page.
  if (parsed.data.after !== undefined && parsed.data.before !== undefined) {
    const { after: _after, before: _before, ...filter } = parsed.data;
    return filter;
  }
  return parsed.data;
}

/**
 * The dashboard's filter lives in the URL (shareable, survives reload, back button steps through it). Changing a
 * filter goes back to page 1; changing the page keeps the filter. A page cursor (`after`/`before`, ADR 017) stays
 * only when the change names it — Next and Previous do — so any other change, a page jump included, drops it.
 */
export function useDashboardFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseDashboardFilter(params), [params]);
  const update = (change: Partial<DashboardMembersQuery>) => {
    const next = { ...filter, ...change, page: change.page ?? 1, after: change.after, before: change.before };
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
