import type { FormField } from '@touchline/contracts/content';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { remindedStatuses } from '../requirement-core/requirement-reminders.queries.ts';
import { addDays, dayOf, type Day } from '../requirement-core/engine/calendar.ts';
import { afterReminder, firstReminderOn } from '../requirement-core/engine/reminder-schedule.ts';
import { deriveRequirementStatus, type ValidityRule } from '../requirement-core/engine/requirement-status.ts';

/** What the demo history needs of a requirement definition (requirement_definitions columns). */
export type DemoDefinition = ValidityRule & {
  id: string;
  type: number;
  name: string;
  isOptional: boolean;
  dueDate: string | null;
  dueInDays: number | null;
  expiringSoonDays: number;
  content: Record<string, unknown>;
};

/** The form version members answer (form_versions row). */
export type DemoFormVersion = { id: string; version: number; fields: readonly FormField[] };

/** A demo member as the plan needs them; `ordinal` spreads times and answers deterministically. */
export type DemoPerson = {
  ordinal: number;
  firstName: string;
  lastName: string;
  teamName: string;
  role: string;
  userId: string | null;
};

/** The facts of a member requirement (member_requirements columns) the seeded actions set. */
export type SeededFacts = {
  completedAt: Date | null;
  expiresAt: Day | null;
  pendingReview: boolean;
  reviewOutcome: number | null;
  rejectedAt: Date | null;
  /** Why a completion awaits review (ADR 015); a member upload is a ManualUpload. */
  reviewSource?: string | null;
};

/** A requirement_events row of the seeded history. */
export type SeededEvent = {
  at: Date;
  action: string;
  fromStatus: RequirementStatus;
  toStatus: RequirementStatus;
  actorUserId: string | null;
  data: Record<string, unknown>;
};

/** A file the member uploaded (stored_files + requirement_files), described so the seed can make its bytes. */
export type SeededFile = {
  id: string;
  role: string;
  at: Date;
  originalName: string;
  uploadedByUserId: string | null;
  /** Lines printed on the generated PDF. */
  lines: readonly string[];
};

/** A requirement_submissions row: what the member handed in (form answers, signature, video progress). */
export type SeededSubmission = {
  kind: string;
  at: Date;
  data: Record<string, unknown>;
  byUserId: string | null;
};

/** One action of the seeded history, as the real action would have recorded it. */
export type SeededAction = {
  at: Date;
  action: string;
  actorUserId: string | null;
  facts?: Partial<SeededFacts>;
  data?: Record<string, unknown>;
  files?: readonly SeededFile[];
  submission?: SeededSubmission;
};

/** A member requirement as the seeded history leaves it: facts, the derived status, reminders and history. */
export type SeededRequirement = {
  definitionId: string;
  assignedAt: Date;
  dueDate: Day | null;
  facts: SeededFacts;
  status: RequirementStatus;
  remindersSent: number;
  nextReminderOn: Day | null;
  events: SeededEvent[];
  files: SeededFile[];
  submissions: SeededSubmission[];
};

/** The latest instant the seeded history uses: a second before now, leaving room to keep events in order. */
export function latestSeeded(now: Date): Date {
  return new Date(now.getTime() - 1000);
}

/** The instant `minutes` after midnight UTC of a day, never later than {@link latestSeeded} (done by now). */
export function instantOn(day: Day, minutes: number, now: Date): Date {
  const at = new Date(Date.parse(`${day}T00:00:00.000Z`) + minutes * 60_000);
  const latest = latestSeeded(now);
  return at > latest ? latest : at;
}

const noFacts: SeededFacts = {
  completedAt: null,
  expiresAt: null,
  pendingReview: false,
  reviewOutcome: null,
  rejectedAt: null,
};

/** Minutes after midnight UTC at which the daily status job and the reminder sweep ran. */
const dailyJobAt = 10;
const reminderSweepAt = 8 * 60;

/**
 * Replays one member requirement from its assignment to today, as the product would have lived it: each day the
 * status job re-derives the status ('status' event when it moves; an expiry restarts the reminders), the reminder
 * sweep reminds an account holder of an open requirement when a step is due ('reminded'), then the member's and
 * reviewers' actions of that day apply their facts (an event with the status before and after). The statuses come
 * from the engine's own function, so the result is what the engine derives.
 */
export function replayRequirement(input: {
  definition: DemoDefinition;
  assignedAt: Date;
  /** The day the member's account exists from (reminders need one); null while the invitation is pending. */
  accountFrom: Day | null;
  actions: readonly SeededAction[];
  now: Date;
}): SeededRequirement {
  const { definition, assignedAt, accountFrom, now } = input;
  const today = dayOf(now);
  const assignedDay = dayOf(assignedAt);
  const dueDate =
    definition.dueDate ?? (definition.dueInDays === null ? null : addDays(assignedDay, definition.dueInDays));
  let facts = noFacts;
  const derive = (day: Day) =>
    deriveRequirementStatus(
      {
        completedAt: facts.completedAt?.toISOString() ?? null,
        expiresAt: facts.expiresAt,
        dueDate,
        pendingReview: facts.pendingReview,
        reviewOutcome: facts.reviewOutcome,
        waitingOn: null,
        rejectedAt: facts.rejectedAt?.toISOString() ?? null,
        expiringSoonDays: definition.expiringSoonDays,
      },
      day,
    );
  let status = derive(assignedDay);
  const events: SeededEvent[] = [];
  // Events keep a strict order in time, so the history reads back in the order it happened.
  const event = (at: Date, action: string, to: RequirementStatus, rest: Partial<SeededEvent> = {}) => {
    const previous = events.at(-1)?.at.getTime() ?? -Infinity;
    const when = at.getTime() > previous ? at : new Date(previous + 1);
    events.push({ at: when, action, fromStatus: status, toStatus: to, actorUserId: null, data: {}, ...rest });
    status = to;
  };
  event(assignedAt, 'assigned', status);
  let remindersSent = 0;
  let nextReminderOn: Day | null = firstReminderOn(assignedDay);
  const actions = [...input.actions].sort((a, b) => a.at.getTime() - b.at.getTime());
  const files: SeededFile[] = [];
  const submissions: SeededSubmission[] = [];
  let next = 0;
  for (let day = assignedDay; day <= today; day = addDays(day, 1)) {
    if (day > assignedDay) {
      const derived = derive(day);
      if (derived !== status) {
        if (derived === RequirementStatus.Expired) {
          remindersSent = 0;
          nextReminderOn = firstReminderOn(day);
        }
        event(instantOn(day, dailyJobAt, now), 'status', derived, { data: { reason: 'daily' } });
      }
      const reminded =
        !definition.isOptional &&
        accountFrom !== null &&
        accountFrom <= day &&
        (remindedStatuses as readonly RequirementStatus[]).includes(status) &&
        nextReminderOn !== null &&
        nextReminderOn <= day;
      if (reminded && nextReminderOn !== null) {
        ({ remindersSent, nextReminderOn } = afterReminder(nextReminderOn, remindersSent, day));
        event(instantOn(day, reminderSweepAt, now), 'reminded', status, {
          data: { reminder: remindersSent },
        });
      }
    }
    for (let action = actions[next]; action && dayOf(action.at) === day; action = actions[++next]) {
      facts = { ...facts, ...action.facts };
      files.push(...(action.files ?? []));
      if (action.submission) submissions.push(action.submission);
      event(action.at, action.action, derive(day), {
        actorUserId: action.actorUserId,
        data: action.data ?? {},
      });
    }
  }
  return {
    definitionId: definition.id,
    assignedAt,
    dueDate,
    facts,
    status,
    remindersSent,
    nextReminderOn,
    events,
    files,
    submissions,
  };
}
