import { z } from 'zod';

/** Table pagination defaults of spec §3: page 1, 25 per page, no records yet. */
export const paginationDefaults = { page: 1, perPage: 25, totalRecords: 0 } as const;

/** Page size the organization list is fetched with (§7 `organization-list?PerPage=1000`). */
export const organizationListPageSize = 1000;

/** Invoices fetched per page (§3, §9: limit 20, paged by startingAfterId). */
export const invoicePageLimit = 20;

/** Largest perPage a list accepts; the spec gives none, 100 is our choice to bound query cost. */
export const maxPerPage = 100;

/** Validates page/perPage query parameters (strings coerced to integers), filling the spec's defaults. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(paginationDefaults.page),
  perPage: z.coerce.number().int().min(1).max(maxPerPage).default(paginationDefaults.perPage),
});
/** The parsed page/perPage query. */
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** Builds the schema of a list response, `{ items, totalCount }` (ARCHITECTURE §3), for one item schema. */
export function listResponse<T extends z.ZodType>(itemSchema: T) {
  return z.object({ items: z.array(itemSchema), totalCount: z.number().int().nonnegative() });
}
/** A list response of items of type T. */
export interface ListResponse<T> {
  items: T[];
  totalCount: number;
}
