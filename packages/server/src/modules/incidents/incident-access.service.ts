import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor } from '../../db/client.ts';
import { managesIncidentsAt } from './incidents.policy.ts';
import { settingsOf } from './incidents.queries.ts';

/** What a condition seen by reviewers only reads to a caller without incident access (ADR 040). */
export const reviewersOnlyReason = 'A condition for the league’s reviewers';

/**
 * For other modules (the dashboard): whether the actor has incident access at a level, under the organization's
 * settings — read once, then asked per row without another query.
 */
export async function incidentAccessOf(
  db: Executor,
  ctx: ActorContext,
): Promise<(levelPath: string) => boolean> {
  const { accessRoles } = await settingsOf(db, ctx.organizationId);
  return (levelPath) => managesIncidentsAt(ctx, accessRoles, levelPath);
}

/**
 * Why a member is not cleared, as a caller reads it: the condition's title when the caller has incident access at
 * the member's level or the condition is shown to coaches, else the reviewers-only text.
 */
export function notClearedReason(
  condition: { title: string; visibility: string },
  fullView: boolean,
): string {
  return fullView || condition.visibility === 'Coaches' ? condition.title : reviewersOnlyReason;
}
