import { boolean, char, index, pgTable, text } from 'drizzle-orm/pg-core';
import { deletedAt, id, timestamps } from './columns.ts';

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
    ...timestamps(),
    deletedAt: deletedAt(),
  },
  (t) => [index('organizations_name_idx').on(t.name)],
);
