import { z } from 'zod';
import { multiLineText } from './text.ts';
import { longText, personRef, text } from './incidents.ts';

// Conditions on a member (spec §7 profile conditions) and who they keep from play: the shapes are ours, written down
// in ADR 040 with the sources they follow.

/** What a condition is (ADR 040). */
export const ConditionKind = {
  RemovedFromPlay: 'RemovedFromPlay',
  Restriction: 'Restriction',
  MedicalInfo: 'MedicalInfo',
} as const;
/** One condition kind. */
export type ConditionKind = (typeof ConditionKind)[keyof typeof ConditionKind];

/** Who besides reviewers and the member sees a condition. */
export const ConditionVisibility = { Reviewers: 'Reviewers', Coaches: 'Coaches' } as const;
/** What lifts a condition: a clearance document reviewed, or a decision with a note. */
export const ConditionLiftedBy = { Document: 'Document', Decision: 'Decision' } as const;
/** Where a condition stands. */
export const ConditionStatus = {
  Active: 'Active',
  ClearanceSubmitted: 'ClearanceSubmitted',
  Lifted: 'Lifted',
} as const;
/** One condition status. */
export type ConditionStatus = (typeof ConditionStatus)[keyof typeof ConditionStatus];

/** The condition a concussion report sets on each involved member (state concussion laws, ADR 040). */
export const concussionConditionTitle = 'Removed from play — concussion protocol';
/** Its details: what the member (guardian) must hand in. */
export const concussionConditionDetails =
  'Removed from play after a suspected concussion. Returns only after evaluation by a licensed health-care provider and their written return-to-play clearance, uploaded here and reviewed.';

/** POST /api/app/profile/{id}/condition-save: a new condition on the profile. */
export const saveConditionBodySchema = z.object({
  kind: z.enum(ConditionKind),
  title: text(200, 'Give the condition a title'),
  details: multiLineText().pipe(z.string().max(5000)).nullable().default(null),
  restrictsPlay: z.boolean(),
  visibility: z.enum(ConditionVisibility),
  liftedBy: z.enum(ConditionLiftedBy),
  until: z.iso.date('Not a date (YYYY-MM-DD)').nullable().default(null),
  incidentId: z.uuid('Not an incident id').nullable().default(null),
});
/** A new condition, as sent. */
export type SaveConditionBody = z.input<typeof saveConditionBodySchema>;

/** POST /api/app/profile/{id}/condition-update: change, lift, or return a submitted clearance. */
export const updateConditionBodySchema = z
  .object({
    conditionId: z.uuid('Not a condition id'),
    title: text(200, 'Give the condition a title').optional(),
    details: multiLineText().pipe(z.string().max(5000)).nullable().optional(),
    visibility: z.enum(ConditionVisibility).optional(),
    until: z.iso.date('Not a date (YYYY-MM-DD)').nullable().optional(),
    lift: z.literal(true).optional(),
    rejectClearance: z.literal(true).optional(),
    note: longText(2000, 'Write why').optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.lift || b.rejectClearance) && !b.note)
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Write why (the note is kept with the decision)',
      });
    if (b.lift && b.rejectClearance)
      ctx.addIssue({ code: 'custom', path: ['lift'], message: 'Lift or return the clearance, not both' });
  });
/** A condition update, as sent. */
export type UpdateConditionBody = z.input<typeof updateConditionBodySchema>;

/** A condition as returned (ADR 040). */
export const conditionSchema = z.object({
  id: z.uuid(),
  profileId: z.uuid(),
  incidentId: z.uuid().nullable(),
  kind: z.enum(ConditionKind),
  title: z.string(),
  details: z.string().nullable(),
  restrictsPlay: z.boolean(),
  visibility: z.enum(ConditionVisibility),
  liftedBy: z.enum(ConditionLiftedBy),
  status: z.enum(ConditionStatus),
  setBy: personRef.nullable(),
  setAt: z.string(),
  until: z.string().nullable(),
  clearance: z.object({ fileName: z.string(), submittedAt: z.string() }).nullable(),
  lifted: z.object({ at: z.string(), byName: z.string(), note: z.string() }).nullable(),
  /** True while it stands and restricts play: the member is not cleared. */
  standing: z.boolean(),
});
/** A condition as returned. */
export type Condition = z.infer<typeof conditionSchema>;

/** GET /api/app/profile/conditions/{id}: a profile's conditions, with whether the caller may set and lift. */
export const conditionListSchema = z.object({
  /** Whose conditions these are. */
  memberName: z.string(),
  items: z.array(conditionSchema),
  /** Why the member is not cleared (the standing restricting conditions' titles), or null. */
  notClearedReason: z.string().nullable(),
  canManage: z.boolean(),
});
/** The condition list as returned. */
export type ConditionList = z.infer<typeof conditionListSchema>;

/** GET /api/app/incident/restricted-members?ProfileLevelAccessId (ours): who is not cleared by a condition, and why. */
export const restrictedMembersQuerySchema = z.object({
  ProfileLevelAccessId: z.uuid('Not a profile level access id').optional(),
});
/** One member not cleared while a restricting condition stands, with the reasons the caller may read. */
export const restrictedMembersSchema = z.object({
  items: z.array(
    z.object({
      profileId: z.uuid(),
      name: z.string(),
      levelName: z.string(),
      reasons: z.array(z.string()),
      since: z.string(),
      /** A clearance was handed in and waits for a reviewer (the queue of return-to-play decisions). */
      clearanceWaiting: z.boolean(),
    }),
  ),
  totalCount: z.number(),
});
/** The restricted members as returned. */
export type RestrictedMembers = z.infer<typeof restrictedMembersSchema>;
