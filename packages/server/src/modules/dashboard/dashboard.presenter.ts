import type { EligibilityFlag } from '@touchline/contracts/eligibility';
import type { DashboardMember, DashboardRequirement } from '@touchline/contracts/dashboard';
import type { MemberOverallStatus } from '@touchline/contracts/members';
import type { MemberAction } from '@touchline/contracts/member-admin';
import type { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { SharedStanding } from '../../requirement-core/shared-standing.ts';

/** A dashboard row as the SQL returns it (dashboard.sql.ts rowColumns). */
export type DashboardRow = {
  profile_level_access_id: string;
  profile_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  app_user_id: string | null;
  hierarchy_level_id: string;
  level_name: string;
  level_path: string;
  label_id: string;
  role_label: string;
  role: string | null;
  group_membership_status: number;
  overall_status: number;
  last_activity_at: Date | string | null;
};

/** One active requirement of a page's member, with its definition. */
export type RequirementCell = {
  id: string;
  profile_id: string;
  definition_id: string;
  status: number;
  name: string;
  type: number;
};

/** A timestamp from either driver (Date or text) as ISO 8601, or null. */
export function isoOf(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** One dashboard row: the member, level, role label, stored statuses, allowed actions and why not cleared. */
export function presentDashboardMember(
  row: DashboardRow,
  cells: readonly RequirementCell[],
  actions: MemberAction[],
  staffMoves: (cell: RequirementCell) => ('markComplete' | 'markIncomplete')[] = () => [],
  notClearedReasons: string[] = [],
  eligibilityFlags: EligibilityFlag[] = [],
  sharedStandings: ReadonlyMap<string, SharedStanding> = new Map(),
): DashboardMember {
  return {
    profileLevelAccessId: row.profile_level_access_id,
    profileId: row.profile_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    hierarchyLevelId: row.hierarchy_level_id,
    levelName: row.level_name,
    labelId: row.label_id,
    roleLabel: row.role_label,
    groupMembershipStatus: row.group_membership_status,
    overallStatus: row.overall_status as MemberOverallStatus,
    lastActivityAt: isoOf(row.last_activity_at),
    requirements: cells.map((c) => ({
      memberRequirementId: c.id,
      definitionId: c.definition_id,
      status: c.status as RequirementStatus,
      allowedActions: staffMoves(c),
      sharedCredential: sharedStandings.get(c.id) ?? null,
    })),
    allowedActions: actions,
    notClearedReasons,
    eligibilityFlags,
  };
}

/** The requirement columns named by a set of cells, in the library's order (the cells come ordered). */
export function requirementColumns(cells: readonly RequirementCell[]): DashboardRequirement[] {
  const seen = new Map<string, DashboardRequirement>();
  for (const c of cells)
    if (!seen.has(c.definition_id))
      seen.set(c.definition_id, { id: c.definition_id, name: c.name, type: c.type });
  return [...seen.values()];
}
