import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deletedAt, id, timestamps } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * The level tree (ADR 002): adjacency (parent_id) plus a materialized path of ids ("/root/child/"),
 * so "everything under this level" is one index range scan on (organization_id, path).
 */
export const hierarchyLevels = pgTable(
  'hierarchy_levels',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    parentId: uuid('parent_id').references((): AnyPgColumn => hierarchyLevels.id),
    name: text('name').notNull(),
    depth: integer('depth').notNull(),
    path: text('path').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The dashboard's Level sort key (ADR 016): the name unaccented and lower-cased, kept by the database. */
    nameSortKey: text('name_sort_key').generatedAlwaysAs(sql`touchline_search_key(name)`),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('hierarchy_levels_org_path_idx').on(t.organizationId, sql`${t.path} text_pattern_ops`),
    index('hierarchy_levels_org_parent_idx').on(t.organizationId, t.parentId),
  ],
);
