import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, real, smallint, text, timestamp, uuid, date } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { storedFiles } from './files.ts';
import { profiles } from './members.ts';
import { organizations } from './organizations.ts';
import { memberRequirements } from './requirements.ts';

/**
 * One verification attempt of an Age Verification (type 7) or Identity Verification (type 9) requirement (ADR 039):
 * what the member stated, what was read on the proof and what it was compared with, why it was not cleared, and
 * how it ended. The proof image is a stored file kept until `images_delete_after` (the organization's retention
 * after the decision); the reading and the decision are kept. No face geometry is ever written here.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    memberRequirementId: uuid('member_requirement_id')
      .notNull()
      .references(() => memberRequirements.id),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id),
    requirementType: smallint('requirement_type').notNull(),
    /** Age, Grade or AgeAndGrade (contracts VerificationKind). */
    kind: text('kind').notNull(),
    /** PendingVerification, ClearedVerification or PendingReview as written; the review outcome decides the rest. */
    status: text('status').notNull(),
    proofType: text('proof_type'),
    statedDateOfBirth: date('stated_date_of_birth'),
    statedGrade: smallint('stated_grade'),
    /** What was read (contracts ProofReading) and what it was compared with. */
    reading: jsonb('reading')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    comparedWith: jsonb('compared_with')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    reasons: jsonb('reasons')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    sharpness: real('sharpness').notNull().default(0),
    proofFileId: uuid('proof_file_id').references(() => storedFiles.id),
    /** The identity vendor's session (type 9). */
    vendorSessionId: text('vendor_session_id'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    imagesDeleteAfter: timestamp('images_delete_after', { withTimezone: true }),
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id'),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    index('verifications_org_requirement_idx').on(t.organizationId, t.memberRequirementId, t.createdAt),
    // The retention sweep: kept images, oldest deadline first.
    index('verifications_images_delete_after_idx')
      .on(t.imagesDeleteAfter)
      .where(sql`${t.imagesDeletedAt} is null and ${t.proofFileId} is not null`),
    // An identity webhook finds its attempt by the vendor's session id.
    index('verifications_vendor_session_idx')
      .on(t.vendorSessionId)
      .where(sql`${t.vendorSessionId} is not null`),
  ],
);
