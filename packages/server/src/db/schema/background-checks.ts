import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { organizations } from './organizations.ts';

/**
 * The background-check clients an organization added (spec §7 POST {id}/background-check-client): an agency's
 * client account the organization orders through (for Yardstik, the deployment's account), once per agency and
 * client. A background-check definition's package comes from a client's products.
 */
export const backgroundCheckClients = pgTable(
  'background_check_clients',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    agencyId: text('agency_id').notNull(),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    createdByUserId: uuid('created_by_user_id'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('background_check_clients_org_client_idx').on(t.organizationId, t.agencyId, t.clientId),
  ],
);
