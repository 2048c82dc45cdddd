import { z } from 'zod';
import { dashboardMembersQuerySchema } from './dashboard.ts';

/**
 * "Send reminder" from the dashboard (issue 18 item 8, ADR 033): staff e-mail the members who still owe something one
 * message each listing what is missing, for the members they selected or for the whole filtered list. Path and body
 * are ours: POST /api/app/hierarchy-level/{id}/members/send-reminders.
 */

/** Most members one selection names. */
export const reminderSelectionLimit = 500;
/** Most members one "whole filtered list" reminder reaches; a longer list is narrowed first. */
export const reminderListLimit = 5000;

/** The filter of the whole-list form: the dashboard's own filter (search, labels, membership, statuses). */
export const reminderFilterSchema = dashboardMembersQuerySchema.pick({
  search: true,
  labels: true,
  groupMembershipStatus: true,
  requirementStatuses: true,
  overallStatuses: true,
});

/** Body: the selected accesses, or the filter of the list shown; `preview` counts without sending. */
export const sendRemindersBodySchema = z
  .object({
    profileLevelAccessIds: z
      .array(z.uuid('Not a member id'))
      .min(1, 'Select at least one member')
      .max(reminderSelectionLimit, `Select at most ${reminderSelectionLimit} members`)
      .optional(),
    filter: reminderFilterSchema.optional(),
    preview: z.boolean().default(false),
  })
  .refine((b) => (b.profileLevelAccessIds === undefined) !== (b.filter === undefined), {
    message: 'Give either the selected members or the filter of the list',
    path: ['profileLevelAccessIds'],
  });
/** The parsed body. */
export type SendRemindersBody = z.infer<typeof sendRemindersBodySchema>;

const count = z.number().int().nonnegative();

/**
 * Answer: how many members the selection holds, how many get (or would get) an e-mail, and why the others do not —
 * nothing open, reminded already today (one reminder per member per day), or no account to sign in with (their
 * invitation is what to resend).
 */
export const sendRemindersResultSchema = z.object({
  preview: z.boolean(),
  members: count,
  toRemind: count,
  nothingMissing: count,
  remindedToday: count,
  noAccount: count,
  sent: count,
});
/** The parsed answer. */
export type SendRemindersResult = z.infer<typeof sendRemindersResultSchema>;
