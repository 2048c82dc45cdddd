import { addDays, type Day } from './calendar.ts';

/**
 * Days after the assignment (or the expiry that restarted it) on which a member is reminded of an open mandatory
 * requirement: 2, 4, 6, 10, 17, then every 10 days, ten reminders at most (issue 5).
 */
export const reminderOffsets: readonly number[] = [2, 4, 6, 10, 17, 27, 37, 47, 57, 67];

/** The day of the first reminder after an anchor (assignment or expiry). */
export function firstReminderOn(anchor: Day): Day {
  return addDays(anchor, reminderOffsets[0] ?? 2);
}

/**
 * After reminder number `sent` (0-based) went out on `today`, for a schedule whose step `sent` was due on
 * `dueOn`: how many count as sent and the next day, or null after the tenth. Steps that fell due while nothing was
 * sent (job down, member inactive) are skipped, so a member gets one catch-up e-mail, not several.
 */
export function afterReminder(
  dueOn: Day,
  sent: number,
  today: Day,
): { remindersSent: number; nextReminderOn: Day | null } {
  const anchor = addDays(dueOn, -(reminderOffsets[sent] ?? 0));
  let step = sent + 1;
  while (step < reminderOffsets.length && addDays(anchor, reminderOffsets[step] ?? 0) <= today) step += 1;
  const offset = reminderOffsets[step];
  return { remindersSent: step, nextReminderOn: offset === undefined ? null : addDays(anchor, offset) };
}
