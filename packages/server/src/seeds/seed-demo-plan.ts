import { afterStep, stepDueAt } from '../modules/invitations/invitation-schedule.ts';
import { addDays, dayOf } from '../requirement-core/engine/calendar.ts';
import { actionsOf, later, type DemoContext } from './seed-demo-actions.ts';
import {
  instantOn,
  replayRequirement,
  type DemoDefinition,
  type DemoFormVersion,
  type DemoPerson,
  type SeededRequirement,
} from './seed-demo-history.ts';
import { demoKindOf, type DemoStory } from './seed-demo-stories.ts';

/** One demo member's seeded life: the invitation, its acceptance, and each requirement's replayed history. */
export type DemoMemberPlan = {
  invitedAt: Date;
  acceptedAt: Date | null;
  invitation: { remindersSent: number; nextReminderAt: Date | null; lastSentAt: Date };
  requirements: SeededRequirement[];
};

/** Where a pending invitation's reminder schedule stands now: every step due by now went out. */
function pendingInvitation(invitedAt: Date, now: Date) {
  let sent = 0;
  for (let due = stepDueAt(invitedAt, 1); due && due <= now; due = stepDueAt(invitedAt, sent + 1)) sent += 1;
  return { ...afterStep(invitedAt, sent, now), lastSentAt: stepDueAt(invitedAt, sent) ?? invitedAt };
}

/**
 * Plans one demo member's life from their story, relative to `now`: invited some days ago (their requirements
 * assigned then), the invitation accepted a few hours or a day later (or still pending), then the story's steps
 * as the real actions would have recorded them, each requirement replayed day by day (see replayRequirement).
 */
export function planDemoMember(input: {
  story: DemoStory;
  person: DemoPerson;
  definitions: readonly DemoDefinition[];
  form: DemoFormVersion | null;
  reviewerUserId: string | null;
  now: Date;
  newId: () => string;
}): DemoMemberPlan {
  const { story, person, now } = input;
  const invitedDay = addDays(dayOf(now), -story.invitedDaysAgo);
  const invitedAt = instantOn(invitedDay, 14 * 60 + ((person.ordinal * 17) % 120), now);
  const acceptedAt = story.accepted ? later(invitedAt, person.ordinal % 2 ? 27 * 60 : 4 * 60, now) : null;
  const invitation = acceptedAt
    ? { remindersSent: 1, nextReminderAt: null, lastSentAt: invitedAt }
    : pendingInvitation(invitedAt, now);
  const context: DemoContext = { ...input, acceptedDay: dayOf(acceptedAt ?? invitedAt) };
  const requirements = input.definitions.map((definition) => {
    const kind = demoKindOf(definition.type);
    const step = kind ? story.steps[kind] : undefined;
    const actions = kind && step && acceptedAt ? actionsOf[kind](context, definition, step) : [];
    const accountFrom = acceptedAt ? dayOf(acceptedAt) : null;
    return replayRequirement({ definition, assignedAt: invitedAt, accountFrom, actions, now });
  });
  return { invitedAt, acceptedAt, invitation, requirements };
}
