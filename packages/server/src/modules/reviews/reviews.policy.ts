import type { ActorContext } from '../../authz/actor-context.ts';
import { authorize, holdsAnywhere, holdsAt, reachablePaths } from '../../authz/rules.ts';
import { notFound } from '../../errors.ts';

/**
 * Who reviews (ADR 015, ADR 014's `review` column): director-level or higher at the member's level or above it.
 * Someone who reviews nowhere is refused (403); a reviewer asking for an item outside their levels, or of another
 * organization, gets 404, so the queue never reveals what lies beyond their reach.
 */
export function assertReviewer(ctx: ActorContext): void {
  authorize(
    holdsAnywhere(ctx, 'directorLevelOrHigher'),
    'Only directors and administrators review requirements',
  );
}

/** The organization of a spec path `{orgId}` must be the actor's own: another reads as not found (ADR 007). */
export function assertOwnOrganization(ctx: ActorContext, orgId: string): void {
  if (orgId !== ctx.organizationId) throw notFound('Organization');
}

/** A member's level must lie within the reviewer's reach, else the item does not exist for them (404). */
export function assertReviewsAt(ctx: ActorContext, levelPath: string): void {
  if (!holdsAt(ctx, 'directorLevelOrHigher', levelPath)) throw notFound('Requirement');
}

/** The topmost level paths the reviewer reviews; every queue query is scoped to the levels below them. */
export function reviewPaths(ctx: ActorContext): string[] {
  return reachablePaths(ctx, 'directorLevelOrHigher');
}

/** Whether the actor reviews anywhere (the active profile's badge is sent to reviewers only). */
export function isReviewer(ctx: ActorContext): boolean {
  return holdsAnywhere(ctx, 'directorLevelOrHigher');
}

/** Whether the actor may lift a disqualification at a member's level: administrators only (ADR 025). */
export function mayReverseAt(ctx: ActorContext, levelPath: string): boolean {
  return holdsAt(ctx, 'adminLevel', levelPath);
}
