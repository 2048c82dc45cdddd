import { integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { hierarchyLevels } from './hierarchy-levels.ts';
import { organizations } from './organizations.ts';

/**
 * A level's eligibility (ADR 039, "Eligibility"): its age group for a season (a label such as "U12" and the birth
 * year a player must be born in or after) and its grade bounds. One row per level at most; none means no bounds.
 */
export const levelEligibility = pgTable(
  'level_eligibility',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    hierarchyLevelId: uuid('hierarchy_level_id')
      .notNull()
      .references(() => hierarchyLevels.id),
    ageGroupLabel: text('age_group_label'),
    /** Born in or after this year (the age group's birth year); null = no age group. */
    bornInOrAfterYear: integer('born_in_or_after_year'),
    /** Grade bounds (contracts grade options, −2 Homeschooled … 12); null = unbounded on that side. */
    minGrade: smallint('min_grade'),
    maxGrade: smallint('max_grade'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('level_eligibility_org_level_idx').on(t.organizationId, t.hierarchyLevelId)],
);
