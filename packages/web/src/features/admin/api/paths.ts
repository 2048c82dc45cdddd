/** Where the /admin area's calls live, and the query key they all share. */
export const adminApi = '/api/app/admin';

/** Every query of this feature starts with this key, so an action refreshes them together. */
export const adminKey = ['admin'] as const;

/** A query string of the defined values only. */
export function queryOf(params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') query.set(key, String(value));
  return query.toString();
}
