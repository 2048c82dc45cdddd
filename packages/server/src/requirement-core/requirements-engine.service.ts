import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { Executor } from '../db/client.ts';
import { dayOf, type Day } from './engine/calendar.ts';
import { deriveMemberOverallStatus } from './engine/member-status.ts';
import type { RequirementFacts } from './engine/requirement-status.ts';
import { deriveStatusWithShared } from './engine/shared-credential.ts';
import {
  assignmentsMayApply,
  loadDateDependentFacts,
  loadProfileFacts,
  loadRequirementFacts,
  organizationProfileIds,
  profileIdsUnderLevel,
  writeOverallStatuses,
  writeStatuses,
  type LoadedFacts,
} from './requirements-engine.queries.ts';
import { syncAssignments, syncDueDates } from './requirements-engine.sync.ts';
import { lapseSharesOfUnmetSources } from './shared-credential-lapse.ts';
import { renewSharesOfRenewedSources } from './shared-credential-renewal.ts';
import { resumeSharesOfRenewedSources } from './shared-credential-revival.ts';
import { sharedCompletions, sharedKey } from './shared-credentials.queries.ts';

/** Profiles handled per round: bounds statement sizes and memory for organizations of any size. */
const chunkSize = 1000;

/** What a refresh may be narrowed to, and the clock it reads (tests drive it). */
export type RefreshOptions = {
  /** Only these profiles (after a change to their accesses); all of the organization's when absent. */
  profileIds?: readonly string[];
  /** Or the members of this level and every level below it (after a level move). */
  underLevelId?: string;
  now?: Date;
  today?: Day;
};

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The pure function's view of a loaded row (dates as days, the timestamp's UTC day for completion). */
export function factsOf(
  row: Omit<LoadedFacts, 'id' | 'profileId' | 'definitionId' | 'status' | 'isOptional'>,
): RequirementFacts {
  return {
    completedAt: row.completedAt === null ? null : dayOf(row.completedAt),
    expiresAt: row.expiresAt,
    dueDate: row.dueDate,
    pendingReview: row.pendingReview,
    reviewOutcome: row.reviewOutcome,
    waitingOn: row.waitingOn,
    rejectedAt: row.rejectedAt === null ? null : dayOf(row.rejectedAt),
    expiringSoonDays: row.expiringSoonDays,
  };
}

/**
 * Re-derives the statuses of the given rows with the pure function, writes those that changed (with events), and
 * recomputes the overall status of the given profiles from their active requirements. Returns the changes.
 */
export async function rederive(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  clock: { today: Day; now: Date; reason: string },
): Promise<{ id: string; from: RequirementStatus; to: RequirementStatus }[]> {
  if (profileIds.length === 0) return [];
  const rows = await loadRequirementFacts(tx, organizationId, profileIds);
  const shared = await sharedCompletions(tx, organizationId, profileIds);
  const changes: { id: string; from: RequirementStatus; to: RequirementStatus }[] = [];
  const byProfile = new Map<string, { status: RequirementStatus; isOptional: boolean }[]>();
  for (const row of rows) {
    const accepted = shared.get(sharedKey(row.profileId, row.definitionId)) ?? null;
    const status = deriveStatusWithShared(factsOf(row), accepted, clock.today);
    if (status !== row.status)
      changes.push({ id: row.id, from: row.status as RequirementStatus, to: status });
    const list = byProfile.get(row.profileId) ?? [];
    list.push({ status, isOptional: row.isOptional });
    byProfile.set(row.profileId, list);
  }
  await writeStatuses(tx, organizationId, changes, clock.today, clock.reason, clock.now);
  const people = await loadProfileFacts(tx, organizationId, profileIds);
  const overall = people.map((p) => ({
    profileId: p.id,
    status: deriveMemberOverallStatus({
      hasAccount: p.hasAccount,
      disqualified: p.disqualified,
      restricted: p.restricted,
      requirements: byProfile.get(p.id) ?? [],
    }),
  }));
  await writeOverallStatuses(tx, organizationId, overall, clock.now);
  // A credential these members shared that no longer holds here stops counting where it was shared, one renewed
  // here carries its new completion there, and one that lapsed by expiry resumes with its renewal (ADR 049).
  const lapsed = await lapseSharesOfUnmetSources(tx, organizationId, profileIds, clock.now, clock.today);
  for (const [receiverOrganizationId, ids] of lapsed)
    await rederive(tx, receiverOrganizationId, ids.sort(), { ...clock, reason: 'credential-lapsed' });
  const renewed = await renewSharesOfRenewedSources(tx, organizationId, profileIds, clock.now);
  for (const [receiverOrganizationId, ids] of renewed)
    await rederive(tx, receiverOrganizationId, ids.sort(), { ...clock, reason: 'credential-renewed' });
  const resumed = await resumeSharesOfRenewedSources(tx, organizationId, profileIds, clock.now);
  for (const [receiverOrganizationId, ids] of resumed)
    await rederive(tx, receiverOrganizationId, ids.sort(), { ...clock, reason: 'credential-resumed' });
  return changes;
}

/**
 * Brings members' requirement instances in line with the content assignments and their accesses, then re-derives
 * statuses and overall statuses (ADR 012). Runs in the caller's transaction (a savepoint) or its own; safe to
 * repeat. Without profileIds or underLevelId it visits the whole organization, a thousand profiles per round.
 */
export async function refreshMemberRequirementsNow(
  db: Executor,
  organizationId: string,
  opts: RefreshOptions = {},
): Promise<void> {
  const now = opts.now ?? new Date();
  const today = opts.today ?? dayOf(now);
  if (opts.profileIds?.length === 0) return;
  await db.transaction(async (tx) => {
    const ids = opts.profileIds
      ? [...new Set(opts.profileIds)].sort()
      : opts.underLevelId
        ? await profileIdsUnderLevel(tx, organizationId, opts.underLevelId)
        : await organizationProfileIds(tx, organizationId);
    for (const chunk of chunks(ids, chunkSize)) {
      if (await assignmentsMayApply(tx, organizationId, chunk)) {
        await syncAssignments(tx, organizationId, chunk, now);
        await syncDueDates(tx, organizationId, chunk, now);
      }
      await rederive(tx, organizationId, chunk, { today, now, reason: 'refresh' });
    }
  });
}

/** Rows per page of the daily re-derivation. */
const pageSize = 5000;

/**
 * The daily re-derivation for one organization (ADR 012): only rows whose status can move with the calendar
 * (expiry, due day) are read; changed ones are written, and the overall status of their members recomputed.
 * Idempotent: a second run on the same day changes nothing. Returns how many statuses changed.
 */
export async function rederiveDateDependentStatuses(
  db: Executor,
  organizationId: string,
  now: Date,
  today: Day = dayOf(now),
): Promise<number> {
  let afterId: string | null = null;
  let changed = 0;
  for (;;) {
    const page = await loadDateDependentFacts(db, organizationId, afterId, pageSize);
    const profiles = new Set<string>();
    const shared = await sharedCompletions(db, organizationId, [...new Set(page.map((r) => r.profileId))]);
    for (const row of page) {
      const accepted = shared.get(sharedKey(row.profileId, row.definitionId)) ?? null;
      if (deriveStatusWithShared(factsOf(row), accepted, today) !== row.status) profiles.add(row.profileId);
    }
    if (profiles.size > 0) {
      const ids = [...profiles].sort();
      await db.transaction(async (tx) => {
        for (const chunk of chunks(ids, chunkSize))
          changed += (await rederive(tx, organizationId, chunk, { today, now, reason: 'daily' })).length;
      });
    }
    const last = page.at(-1);
    if (!last || page.length < pageSize) return changed;
    afterId = last.id;
  }
}

/**
 * Re-derives requirement and overall statuses of these profiles once, after a set-based write that already stored
 * the new facts (bulk review): a thousand profiles per statement round, assignments untouched.
 */
export async function rederiveProfiles(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  const ids = [...new Set(profileIds)].sort();
  for (let i = 0; i < ids.length; i += 1000)
    await rederive(tx, organizationId, ids.slice(i, i + 1000), { today: dayOf(now), now, reason: 'review' });
}
