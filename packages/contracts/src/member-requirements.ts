import { z } from 'zod';

import { memberOverallStatusSchema } from './members.ts';
import { requirementStatusSchema } from './requirement-status.ts';
import { requirementTransitionSchema } from './requirement-transitions.ts';
import { requirementTypeSchema } from './requirement-types.ts';

/** The signed-in member's own requirements in the current organization. */
export const myRequirementsPath = '/api/app/requirement/my-requirements';

/** A calendar date 'YYYY-MM-DD' (due dates and expiry are days, not instants). */
const calendarDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * One active requirement of a member, as the member view shows it: what it is, where it stands, and which
 * state-machine moves are allowed from here (ADR 012) so the web never re-derives them.
 */
export const memberRequirementSchema = z.object({
  /** The member requirement row's own id; the spec's requirement calls take `definitionId` as `{id}` and `profileLevelAccessId` as `{plaId}` (ADR 014). */
  id: z.string(),
  definitionId: z.string(),
  /** The access through which it was assigned (the spec's plaId), null if that access was archived since. */
  profileLevelAccessId: z.string().nullable(),
  name: z.string(),
  instructions: z.string(),
  type: requirementTypeSchema,
  status: requirementStatusSchema,
  isOptional: z.boolean(),
  dueDate: calendarDate.nullable(),
  /** ISO timestamp of the completion, null when not completed. */
  completedAt: z.string().nullable(),
  /** The day the completion expires ('YYYY-MM-DD', Expired from that day on); null when it never does. */
  expiresAt: calendarDate.nullable(),
  allowedActions: z.array(requirementTransitionSchema),
  /** What the member would do next, null when nothing is theirs to do. */
  nextAction: requirementTransitionSchema.nullable(),
  /**
   * The reviewer's notes when the requirement was returned for resubmission (RejectedReset) and not resubmitted
   * since; null otherwise. Notes of a disqualification are never carried here (ADR 015).
   */
  returnedNotes: z.string().nullable(),
  /**
   * When the requirement is met by a credential the member shared from another organization (ADR 049) rather than by
   * their own completion here: where it came from and the day it was completed there; null otherwise.
   */
  sharedCredential: z.object({ sourceOrganizationName: z.string(), completedOn: calendarDate }).nullable(),
});
/** One member requirement row of the member view. */
export type MemberRequirement = z.infer<typeof memberRequirementSchema>;

/** GET my-requirements: the member's active requirements (content-library order) and their overall status. */
export const myRequirementsResponseSchema = z.object({
  profileId: z.string(),
  overallStatus: memberOverallStatusSchema,
  items: z.array(memberRequirementSchema),
  totalCount: z.number().int(),
});
/** The my-requirements response. */
export type MyRequirementsResponse = z.infer<typeof myRequirementsResponseSchema>;
