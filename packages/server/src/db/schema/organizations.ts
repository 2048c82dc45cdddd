import { sql } from 'drizzle-orm';
import { boolean, char, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { deletedAt, id, timestamps } from './columns.ts';

/** One role label the creation wizard set up, with the requirements it asks for (spec §3 roleRequirements). */
export type OrganizationRoleRequirement = {
  roleLabel: string;
  roleRequirementsIds: string[];
  paidRoleRequirementsIds: string[];
  requirementsDueDate: string | null;
  isDefault: boolean;
};

/** A tenant: a league or club. Every tenant-owned row elsewhere carries its id. */
export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    website: text('website'),
    phone: text('phone'),
    countryCode: char('country_code', { length: 2 }),
    stateCode: text('state_code'),
    cityName: text('city_name'),
    isDemo: boolean('is_demo').notNull().default(false),
    /** The plan chosen in the wizard (spec §3 plan); recorded only, charging arrives with billing. */
    planProductName: text('plan_product_name'),
    planMonthUnitAmount: integer('plan_month_unit_amount'),
    planYearUnitAmount: integer('plan_year_unit_amount'),
    billingEmail: text('billing_email'),
    /** The wizard's role requirements as entered; requirement ids resolve once the content library exists. */
    roleRequirements: jsonb('role_requirements')
      .$type<OrganizationRoleRequirement[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdByUserId: uuid('created_by_user_id'),
    /** Spec §3 orgData: members see the organization's own background-check notice (its text below). */
    showCustomerConfiguredBackgroundCheckNotice: boolean('show_customer_configured_background_check_notice')
      .notNull()
      .default(false),
    /** The notice an administrator wrote for members ordering a background check (null: none written). */
    backgroundCheckNotice: text('background_check_notice'),
    /** Spec §3 orgData: flagged checks are decided in the vendor's dashboard, not in Touchline's review queue. */
    reviewBackgroundChecksExternally: boolean('review_background_checks_externally').notNull().default(false),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [index('organizations_name_idx').on(t.name)],
);

/**
 * The plans an organization may subscribe to (spec §7 payment-plans): the platform catalog (organization_id null)
 * plus plans offered to one organization only. Prices are minor currency units.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id),
    productName: text('product_name').notNull(),
    monthUnitAmount: integer('month_unit_amount').notNull(),
    yearUnitAmount: integer('year_unit_amount').notNull(),
    currency: char('currency', { length: 3 }).notNull().default('usd'),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [index('payment_plans_org_idx').on(t.organizationId, t.sortOrder)],
);
