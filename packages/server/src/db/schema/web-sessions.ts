import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/**
 * One row per signed-in browser session. The sealed cookie names its row; sign-out (or a failed refresh) sets
 * revoked_at, so a copied or old cookie is useless even though a sealed cookie cannot itself be withdrawn.
 */
export const webSessions = pgTable(
  'web_sessions',
  {
    id: id(),
    userId: uuid('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('web_sessions_user_idx').on(t.userId)],
);
