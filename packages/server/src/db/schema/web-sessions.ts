import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /** Held while one request refreshes, so parallel refreshes (two tabs) never present the same token twice. */
    refreshLockUntil: timestamp('refresh_lock_until', { withTimezone: true }),
    /** SHA-256 of the refresh token the last refresh used up, and when: a request still holding it gets… */
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /** …the tokens that refresh produced, sealed with the session password (never stored in clear). */
    latestSeal: text('latest_seal'),
  },
  (t) => [index('web_sessions_user_idx').on(t.userId)],
);
