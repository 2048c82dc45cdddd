import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

/**
 * Append-only trail of every change: who did what to which row, written in the same transaction as
 * the change itself. organization_id is null only for platform-level events.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    organizationId: uuid('organization_id'),
    actorUserId: uuid('actor_user_id'),
    actorProfileId: uuid('actor_profile_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id'),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('audit_events_org_entity_idx').on(t.organizationId, t.entityType, t.entityId),
  ],
);
