import type { Executor } from '../db/client.ts';
import type { Day } from './engine/calendar.ts';
import { metByShared } from './engine/shared-credential.ts';
import { loadRequirementFacts } from './requirements-engine.queries.ts';
import { factsOf } from './requirements-engine.service.ts';
import { sharedCompletions, sharedKey } from './shared-credentials.queries.ts';

/** Where a requirement met by a shared credential says it came from (ADR 049). */
export type SharedStanding = { sourceOrganizationName: string; completedOn: string };

/**
 * The active requirements of these profiles that are met *because of* a shared credential (the member's own facts
 * alone do not meet them), keyed by member requirement id: what the action offers and guards read, so that nothing
 * redoes or reopens a requirement the engine counts as met by a share. One statement when no profile holds a
 * received credential (most pages); one more for the facts of those that do.
 */
export async function sharedStandings(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  today: Day,
): Promise<Map<string, SharedStanding>> {
  const out = new Map<string, SharedStanding>();
  const shared = await sharedCompletions(tx, organizationId, profileIds);
  if (shared.size === 0) return out;
  const holders = new Set([...shared.keys()].map((key) => key.slice(0, key.indexOf(':'))));
  for (const row of await loadRequirementFacts(tx, organizationId, [...holders])) {
    const accepted = shared.get(sharedKey(row.profileId, row.definitionId)) ?? null;
    if (accepted && metByShared(factsOf(row), accepted, today))
      out.set(row.id, {
        sourceOrganizationName: accepted.sourceOrganizationName ?? '',
        completedOn: accepted.completedOn,
      });
  }
  return out;
}
