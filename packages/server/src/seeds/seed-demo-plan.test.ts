import { describe, expect, it } from 'vitest';
import type { FormField } from '@touchline/contracts/content';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { addDays, dayOf } from '../requirement-core/engine/calendar.ts';
import { deriveMemberOverallStatus } from '../requirement-core/engine/member-status.ts';
import { deriveRequirementStatus } from '../requirement-core/engine/requirement-status.ts';
import { formAnswerProblems } from '@touchline/contracts/form-answers';
import type { DemoDefinition, SeededRequirement } from './seed-demo-history.ts';
import { planDemoMember } from './seed-demo-plan.ts';
import { demoStoryOf } from './seed-demo-stories.ts';
import { demoTeamNames } from './seed-demo.ts';

// The demo library's rules (db/seed-demo-content.ts), as the plan sees them.
const base = {
  isOptional: false,
  validityMode: 'None',
  validityDays: null,
  annualRenewalDate: null,
  dueDate: null,
  dueInDays: 30,
  expiringSoonDays: 30,
};
const definitions: Record<string, DemoDefinition> = {
  document: {
    ...base,
    id: 'document',
    type: RequirementType.Document,
    name: 'Sheet',
    validityMode: 'Annual',
    annualRenewalDate: '08-01',
    content: {},
  },
  form: { ...base, id: 'form', type: RequirementType.Form, name: 'Form', content: {} },
  waiver: {
    ...base,
    id: 'waiver',
    type: RequirementType.Waiver,
    name: 'Waiver',
    content: { text: 'I agree.' },
  },
  video: {
    ...base,
    id: 'video',
    type: RequirementType.Video,
    name: 'Video',
    content: { requiredWatchedPercent: 90 },
  },
  training: {
    ...base,
    id: 'training',
    type: RequirementType.CustomTraining,
    name: 'Training',
    validityMode: 'Duration',
    validityDays: 365,
    content: { trainingUrl: 'https://example.org/', certificateRequired: true, certificatesTrusted: true },
  },
};
const fields: FormField[] = [
  { id: 'emergencyName', label: 'Name', kind: 'text', required: true },
  { id: 'hasAllergies', label: 'Allergies?', kind: 'radio', required: true, options: ['Yes', 'No'] },
  {
    id: 'allergyDetails',
    label: 'Details',
    kind: 'textarea',
    required: true,
    visibleWhen: { fieldId: 'hasAllergies', equals: 'Yes' },
  },
  {
    id: 'shirtSize',
    label: 'Size',
    kind: 'select',
    required: false,
    options: ['YS', 'YM', 'YL', 'AS', 'AM', 'AL'],
  },
  { id: 'insuranceCard', label: 'Card', kind: 'file', required: true },
];
const holds: Record<string, string[]> = {
  Coach: ['document', 'form', 'waiver', 'video', 'training'],
  Volunteer: ['waiver', 'video'],
  Player: ['document', 'form', 'waiver'],
};

/** Plans the whole demo league as of `now`, the way seedDemoActivity does. */
function planLeague(now: Date) {
  let id = 0;
  return demoTeamNames().flatMap((teamName, teamIndex) =>
    (['Coach', 'Volunteer', 'Player', 'Player', 'Player', 'Player'] as const).map((role, slot) => {
      const story = demoStoryOf(teamIndex, role, role === 'Player' ? slot - 2 : 0);
      if (!story) throw new Error(`no story for ${teamName} ${role} ${slot}`);
      const person = {
        ordinal: teamIndex * 6 + slot + 1,
        firstName: 'Chloé',
        lastName: 'García',
        teamName,
        role,
        userId: story.accepted ? `user-${teamIndex}-${slot}` : null,
      };
      const plan = planDemoMember({
        story,
        person,
        definitions: (holds[role] ?? []).map((kind) => definitions[kind] as DemoDefinition),
        form: { id: 'form-v1', version: 1, fields },
        reviewerUserId: 'admin',
        now,
        newId: () => `id-${++id}`,
      });
      return { story, plan };
    }),
  );
}

function expectConsistent(requirement: SeededRequirement, now: Date) {
  const today = dayOf(now);
  const facts = requirement.facts;
  const derived = deriveRequirementStatus(
    {
      completedAt: facts.completedAt?.toISOString() ?? null,
      expiresAt: facts.expiresAt,
      dueDate: requirement.dueDate,
      pendingReview: facts.pendingReview,
      reviewOutcome: facts.reviewOutcome,
      waitingOn: null,
      rejectedAt: facts.rejectedAt?.toISOString() ?? null,
      expiringSoonDays: 30,
    },
    today,
  );
  expect(requirement.status).toBe(derived);
  // The history is a chain: each event starts where the previous one ended, and ends at the stored status.
  const [first, ...rest] = requirement.events;
  expect(first?.action).toBe('assigned');
  let status = first?.toStatus;
  for (const event of rest) {
    expect(event.fromStatus).toBe(status);
    expect(event.at.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(event.at.getTime()).toBeGreaterThanOrEqual(requirement.assignedAt.getTime());
    status = event.toStatus;
  }
  expect(status).toBe(requirement.status);
  for (const submission of requirement.submissions.filter((s) => s.kind === 'form')) {
    const answers = submission.data.answers as Record<string, string>;
    const attachments = new Map(
      requirement.files.map((f) => [f.role.split(':')[1] ?? '', new Set([f.id])] as const),
    );
    expect(formAnswerProblems(fields, answers, attachments)).toEqual([]);
  }
}

describe('the demo league’s planned history', () => {
  // Every week of two years, plus the days around the annual renewal and a leap day.
  const days = [
    ...Array.from({ length: 105 }, (_, i) => addDays('2026-01-01', i * 7)),
    '2026-07-31',
    '2026-08-01',
    '2026-08-02',
    '2028-02-29',
  ];

  it.each(days)('is varied and what the engine derives when seeded on %s', (day) => {
    const now = new Date(`${day}T09:30:00.000Z`);
    const league = planLeague(now);
    const statuses = new Set<number>();
    const overall = new Set<number>();
    for (const { story, plan } of league) {
      for (const requirement of plan.requirements) {
        expectConsistent(requirement, now);
        statuses.add(requirement.status);
      }
      overall.add(
        deriveMemberOverallStatus({
          hasAccount: story.accepted,
          disqualified: false,
          requirements: plan.requirements.map((r) => ({ status: r.status, isOptional: false })),
        }),
      );
    }
    expect([...overall].sort()).toEqual(
      [
        MemberOverallStatus.Cleared,
        MemberOverallStatus.Incomplete,
        MemberOverallStatus.NotActivated,
        MemberOverallStatus.NotConfirmed,
      ].sort(),
    );
    for (const status of [
      RequirementStatus.Completed,
      RequirementStatus.Incomplete,
      RequirementStatus.Overdue,
      RequirementStatus.PendingReview,
      RequirementStatus.ExpiringSoon,
      RequirementStatus.Expired,
      RequirementStatus.Rejected,
    ])
      expect(statuses).toContain(status);
  });

  it('is the same plan whenever it is made on the same day', () => {
    const now = new Date('2026-11-23T12:00:00.000Z');
    const strip = (league: ReturnType<typeof planLeague>) =>
      league.map(({ plan }) => plan.requirements.map((r) => [r.status, r.events.length, r.facts]));
    expect(strip(planLeague(now))).toEqual(strip(planLeague(now)));
  });
});
