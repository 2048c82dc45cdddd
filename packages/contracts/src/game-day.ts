import { z } from 'zod';

/** What a scan or a card says of a member today (issue 33, ADR 044). */
export const ClearanceState = { Cleared: 'Cleared', NotCleared: 'Not cleared' } as const;
/** One clearance state. */
export type ClearanceState = (typeof ClearanceState)[keyof typeof ClearanceState];

/** A check-in's outcome: the member's state, or why the card was refused. */
export const CheckInOutcome = {
  Cleared: 'Cleared',
  NotCleared: 'NotCleared',
  Expired: 'Expired',
  Revoked: 'Revoked',
  Invalid: 'Invalid',
  OtherOrganization: 'OtherOrganization',
} as const;
/** One check-in outcome. */
export type CheckInOutcome = (typeof CheckInOutcome)[keyof typeof CheckInOutcome];

/** The member's clearance card: who, where, today's state in words, until when, and the signed QR token. */
export const clearanceCardSchema = z.object({
  profileLevelAccessId: z.uuid(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  organizationName: z.string(),
  levelName: z.string(),
  role: z.string(),
  state: z.enum(ClearanceState),
  reasons: z.array(z.string()),
  validUntil: z.string().nullable(),
  token: z.string(),
  tokenExpiresAt: z.string(),
});
/** A clearance card. */
export type ClearanceCard = z.infer<typeof clearanceCardSchema>;

/** A card is asked for by its access (the member's membership of one team). */
export const cardParamsSchema = z.object({ profileLevelAccessId: z.uuid('Not a profile level access id') });

/** The public keys that verify this organization's cards (a JWKS). */
export const gameDayKeysSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/** A scanned (or typed) card token. */
export const verifyCardBodySchema = z.object({ token: z.string().trim().min(1, 'Scan or type a card code') });

/** What a scan says: the outcome, and for a card of this organization, the person to compare with. */
export const cardCheckSchema = z.object({
  outcome: z.enum(CheckInOutcome),
  message: z.string(),
  profileLevelAccessId: z.uuid().nullable(),
  name: z.string().nullable(),
  photoUrl: z.string().nullable(),
  levelName: z.string().nullable(),
  reasons: z.array(z.string()),
});
/** A scan's answer. */
export type CardCheck = z.infer<typeof cardCheckSchema>;

/** A game: a team on a day. */
export const gameParamsSchema = z.object({
  levelId: z.uuid('Not a level id'),
  gameOn: z.iso.date('Not a date (YYYY-MM-DD)'),
});

/** A check-in: the client's id (so an offline replay never doubles), the token, and when it was scanned. */
export const checkInBodySchema = z.object({
  id: z.uuid('Not a check-in id'),
  token: z.string().trim().min(1, 'Scan or type a card code'),
  scannedAt: z.iso.datetime({ offset: true, message: 'Not a time' }).optional(),
});

/** One recorded check-in. */
export const checkInSchema = cardCheckSchema.extend({
  id: z.uuid(),
  scannedAt: z.string(),
  /**
   * True on an answer to a scan of a card already checked in at this game with the same verdict: the earlier
   * check-in is answered (its id and time), nothing new is recorded — a card held in front of the camera, shown
   * twice, or scanned on two phones is one check-in on the roster.
   */
  repeat: z.boolean().optional(),
});
/** One check-in. */
export type CheckIn = z.infer<typeof checkInSchema>;
export const checkInListSchema = z.object({ items: z.array(checkInSchema) });

/** A team's game-day roster: each member, whether they may play today, and why not. */
export const rosterSchema = z.object({
  levelName: z.string(),
  items: z.array(
    z.object({
      profileLevelAccessId: z.uuid(),
      name: z.string(),
      role: z.string(),
      state: z.enum(ClearanceState),
      reasons: z.array(z.string()),
    }),
  ),
});
/** A game-day roster. */
export type Roster = z.infer<typeof rosterSchema>;

/** Revoking a member's live cards (staff). */
export const revokeCardsBodySchema = z.object({
  profileLevelAccessId: z.uuid('Not a profile level access id'),
});

/**
 * What a check-in device fetches before the game to check cards offline (ADR 044): the organization's id and public
 * card keys (a JWKS), the ids of its cards revoked and not yet expired, and the team's roster for the day.
 */
export const offlinePackSchema = z.object({
  organizationId: z.uuid(),
  levelId: z.uuid(),
  fetchedAt: z.string(),
  keys: z.array(z.record(z.string(), z.unknown())),
  revokedCardIds: z.array(z.uuid()),
  roster: rosterSchema,
});
/** An offline check-in pack. */
export type OfflinePack = z.infer<typeof offlinePackSchema>;

/**
 * The label names that check members in by default (a new organization's labels, the demo's, and the labels that
 * existed before the flag): coaches, referees and field marshals. The flag is the rule; this only seeds it.
 */
export const defaultCheckerLabelNames = [
  'coach',
  'assistant coach',
  'head coach',
  'referee',
  'field marshal',
];
/** Whether a label of this name checks members in unless the organization says otherwise. */
export const isDefaultCheckerLabel = (name: string) =>
  defaultCheckerLabelNames.includes(name.trim().toLowerCase());

/** The plain labels (no organization role) and whether their holders check members in at the field. */
export const checkerLabelsSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), checksMembersIn: z.boolean() })),
});
/** The checker labels. */
export type CheckerLabels = z.infer<typeof checkerLabelsSchema>;
/** PUT /api/app/game-day/checker-labels/{id}: whether the label's holders check members in. */
export const checkerLabelBodySchema = z.object({ checksMembersIn: z.boolean('Say true or false') });
