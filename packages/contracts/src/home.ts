import { z } from 'zod';

/** How far ahead the home page looks for completions about to expire (ADR 024). */
export const homeExpiringWithinDays = 30;

/** The home summary of one level (path ours, ADR 024): GET /api/app/hierarchy-level/{id}/home-summary. */
export const homeSummaryPath = (levelId: string) => `/api/app/hierarchy-level/${levelId}/home-summary`;

const countSchema = z.number().int().nonnegative();

/**
 * Answer of the home summary: where the level (and every level below it) stands, in the numbers a volunteer
 * administrator acts on first. Members are counted as the dashboard counts them (one row per membership).
 */
export const homeSummarySchema = z.object({
  level: z.object({ id: z.string(), name: z.string() }),
  /** Memberships in the level's subtree, any status. */
  memberCount: countSchema,
  /** Of those, the ones whose overall status is Cleared. */
  clearedCount: countSchema,
  /** Memberships with at least one active requirement Overdue. */
  overdueCount: countSchema,
  /** Completions awaiting a reviewer's decision in the subtree (the review queue's items, not members). */
  pendingReviewCount: countSchema,
  /** Memberships with an active completion that expires within the next `homeExpiringWithinDays` days. */
  expiringCount: countSchema,
  /** Invitations sent to the subtree's members and neither accepted nor revoked. */
  pendingInvitationCount: countSchema,
});
/** The parsed home summary. */
export type HomeSummary = z.infer<typeof homeSummarySchema>;
