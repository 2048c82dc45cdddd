import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { hierarchyLevels } from './hierarchy-levels.ts';
import { profileLevelAccesses } from './members.ts';
import { organizations } from './organizations.ts';

/**
 * An organization's game-day card key (issue 33, ADR 044): an Ed25519 key pair made on first use. Cards are signed
 * with the private half; the public half is published (GET /api/app/game-day/keys) so a check-in device verifies offline.
 */
export const gameDayKeys = pgTable('game_day_keys', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id),
  kid: text('kid').notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** A private key stored before sealing (ADR 044): sealed and cleared the first time it is read. */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
  /** The private half, PKCS#8 PEM sealed at rest (AES-256-GCM, the partners' sealing bound to the organization). */
  sealedPrivateKey: text('sealed_private_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One issued clearance card (its id is the token's jti), expiring, revocable by staff (audited). */
export const gameDayCards = pgTable(
  'game_day_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    profileLevelAccessId: uuid('profile_level_access_id')
      .notNull()
      .references(() => profileLevelAccesses.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedByUserId: uuid('revoked_by_user_id'),
  },
  (t) => [index('game_day_cards_org_pla_idx').on(t.organizationId, t.profileLevelAccessId)],
);

/**
 * One check-in at a team's game on a day: the id is the client's (an offline replay never doubles), the outcome
 * what the scan said then (Cleared, NotCleared, Expired, Revoked, Invalid, OtherOrganization), with the reasons.
 * `verdictSeq` numbers a member's verdicts at the game (1, 2, …; null for a card naming no member): a check-in is
 * recorded only when the verdict differs from the member's latest, as that number plus one, and the unique index
 * lets one of two phones scanning at the same instant take it (ADR 044).
 */
export const gameDayCheckIns = pgTable(
  'game_day_check_ins',
  {
    id: uuid('id').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    hierarchyLevelId: uuid('hierarchy_level_id')
      .notNull()
      .references(() => hierarchyLevels.id),
    gameOn: date('game_on').notNull(),
    cardId: uuid('card_id'),
    profileLevelAccessId: uuid('profile_level_access_id').references(() => profileLevelAccesses.id),
    outcome: text('outcome').notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull().default([]),
    checkedByProfileId: uuid('checked_by_profile_id'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    verdictSeq: integer('verdict_seq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index('game_day_check_ins_game_idx').on(t.organizationId, t.hierarchyLevelId, t.gameOn),
    uniqueIndex('game_day_check_ins_verdict_uq').on(
      t.organizationId,
      t.hierarchyLevelId,
      t.gameOn,
      t.profileLevelAccessId,
      t.verdictSeq,
    ),
  ],
);
