import { invitationReminderDays } from '@touchline/contracts/invitations';

const dayMs = 86_400_000;

/** When a step of the activation schedule falls due: its day counted from the invitation's creation. */
export function stepDueAt(createdAt: Date, step: number): Date | null {
  const day = invitationReminderDays[step];
  return day === undefined ? null : new Date(createdAt.getTime() + day * dayMs);
}

/**
 * Where the schedule stands once step `sentStep` went out: `remindersSent` is the number of steps behind us and
 * `nextReminderAt` when the next one is due (null after the last). Steps that fell due meanwhile (the member was
 * inactive, the job was down) are skipped, so a late sweep never sends several e-mails at once.
 */
export function afterStep(
  createdAt: Date,
  sentStep: number,
  now: Date,
): { remindersSent: number; nextReminderAt: Date | null } {
  let step = sentStep + 1;
  for (let due = stepDueAt(createdAt, step); due && due <= now; due = stepDueAt(createdAt, step)) step += 1;
  return { remindersSent: step, nextReminderAt: stepDueAt(createdAt, step) };
}
