import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { deletedAt, id } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * A file kept in storage (src/storage): the organization logo, a profile photo, later requirement uploads. The key
 * is random, never a user's file name; the original name is kept only to name downloads.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** What the file is for: `organization-photo`, `profile-photo`… */
    purpose: text('purpose').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    originalName: text('original_name').notNull(),
    /** The key that sealed the bytes at rest (AES-256-GCM, storage/file-cipher.ts); null = stored as sent. */
    encryptionKeyId: text('encryption_key_id'),
    createdByUserId: uuid('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: deletedAt(),
  },
  (t) => [index('stored_files_org_purpose_idx').on(t.organizationId, t.purpose)],
);
