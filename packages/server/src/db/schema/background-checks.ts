import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Which organization an agency client account belongs to (issue 34, ADR 035). A TazWorks-platform agency's clients are
 * its customers' accounts, listed to the whole deployment by `GET /v1/clients`; nothing there says which league is
 * which. A client is therefore granted to exactly one organization by a platform administrator (primary key on agency
 * and client), and an organization lists, adds, previews, defines and orders on granted clients only. The deployment's
 * own Yardstik account is not granted: it is the deployment's (ADR 030).
 */
export const backgroundCheckClientGrants = pgTable(
  'background_check_client_grants',
  {
    agencyId: text('agency_id').notNull(),
    clientId: text('client_id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Null for a grant the ownership migration made from an organization's earlier use of the client. */
    grantedByUserId: uuid('granted_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.agencyId, t.clientId] }),
    index('background_check_client_grants_org_idx').on(t.organizationId),
  ],
);

/**
 * An organization's Yardstik onboarding (spec §7 {id}/yardstik-onboarding-info, {id}/yardstik-account): the
 * business details Yardstik needs to open an account for it, the sub-account created from them, and where its
 * activation stands (spec §4 Activation: NotStarted → InProgress → Submitted → Activated). One row per organization.
 */
export const yardstikOnboardings = pgTable('yardstik_onboardings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  info: jsonb('info').notNull(),
  status: text('status').notNull(),
  vendorAccountId: text('vendor_account_id'),
  vendorAccountStatus: text('vendor_account_status'),
  /**
   * The API key minted for the sub-account once Yardstik activated it (`POST /accounts/{id}/api_token`), sealed
   * with a key derived from the partner's API key (integrations/screening/account-keys.ts); the organization's
   * orders are placed with it. Null until activation.
   */
  vendorAccountKey: text('vendor_account_key'),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  updatedByUserId: uuid('updated_by_user_id'),
  ...timestamps(),
});
