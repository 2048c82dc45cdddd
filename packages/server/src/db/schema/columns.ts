import { customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Case-insensitive text for e-mail addresses (drizzle has no citext type of its own). */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** The uuid primary key every table uses (ARCHITECTURE §5). */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** created_at / updated_at pair, timestamptz, on every table. */
export const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Soft delete, where compliance history must outlive the row. */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });
