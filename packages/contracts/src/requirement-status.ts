import { z } from 'zod';

/** Status of one requirement for one member, with the spec's numbers (§4); stored and sent as numbers. */
export const RequirementStatus = {
  Incomplete: 0,
  WaitingOnApplicant: 1,
  WaitingOnProvider: 2,
  Completed: 3,
  Overdue: 4,
  Expired: 5,
  ExpiringSoon: 6,
  PendingReview: 7,
  Rejected: 8,
} as const;
/** One requirement status number. */
export type RequirementStatus = (typeof RequirementStatus)[keyof typeof RequirementStatus];
/** One requirement status name. */
export type RequirementStatusName = keyof typeof RequirementStatus;

/** Human labels for requirement statuses, so the dashboard and exports word them the same way. */
export const requirementStatusLabels = {
  Incomplete: 'Incomplete',
  WaitingOnApplicant: 'Waiting on Applicant',
  WaitingOnProvider: 'Waiting on Provider',
  Completed: 'Completed',
  Overdue: 'Overdue',
  Expired: 'Expired',
  ExpiringSoon: 'Expiring Soon',
  PendingReview: 'Pending Review',
  Rejected: 'Rejected',
} as const satisfies Record<RequirementStatusName, string>;

/** Label of a status number, for places that hold only the number. */
export function requirementStatusLabel(status: RequirementStatus): string {
  const name = (Object.keys(RequirementStatus) as RequirementStatusName[]).find(
    (key) => RequirementStatus[key] === status,
  );
  return name === undefined ? String(status) : requirementStatusLabels[name];
}

/** Validates a requirement status number arriving in a request body. */
export const requirementStatusSchema = z.enum(RequirementStatus);
