import { ReviewOutcome, ReviewSource } from '@touchline/contracts/reviews';
import { addDays, dayOf, type Day } from '../requirement-core/engine/calendar.ts';
import { expiresAtFor } from '../requirement-core/engine/requirement-status.ts';
import { demoFormAnswers } from './seed-demo-answers.ts';
import {
  instantOn,
  latestSeeded,
  type DemoDefinition,
  type DemoFormVersion,
  type DemoPerson,
  type SeededAction,
  type SeededFacts,
  type SeededFile,
} from './seed-demo-history.ts';
import type { DemoKind, DemoStep } from './seed-demo-stories.ts';

/** The demo video's length in seconds (the 6-second WebM of the demo library). */
export const demoVideoSeconds = 6;

/** What the actions of one member are planned from. */
export type DemoContext = {
  person: DemoPerson;
  reviewerUserId: string | null;
  form: DemoFormVersion | null;
  acceptedDay: Day;
  now: Date;
  newId: () => string;
};

const today = (c: DemoContext) => dayOf(c.now);
const memberMinutes = (c: DemoContext) => 17 * 60 + ((c.person.ordinal * 37) % 200);
const reviewerMinutes = (c: DemoContext) => 15 * 60 + ((c.person.ordinal * 11) % 90);
/** An instant some minutes after another, never later than {@link latestSeeded}. */
export const later = (at: Date, minutes: number, now: Date) => {
  const moved = new Date(at.getTime() + minutes * 60_000);
  return moved > latestSeeded(now) ? latestSeeded(now) : moved;
};
const fullName = (p: DemoPerson) => `${p.firstName} ${p.lastName}`;
const minDay = (a: Day, b: Day) => (a < b ? a : b);
const maxDay = (a: Day, b: Day) => (a > b ? a : b);

/**
 * The day of a step. A step counted from the acceptance that would no longer be valid today (an annual document
 * done before this season's renewal day) moves to just after the first day that still counts: renewed this season.
 */
function stepDay(c: DemoContext, definition: DemoDefinition, step: DemoStep): Day {
  if (!('after' in step)) return minDay(maxDay(addDays(today(c), -step.daysAgo), c.acceptedDay), today(c));
  let day = minDay(addDays(c.acceptedDay, step.after), today(c));
  const valid = (d: Day) => {
    const expires = expiresAtFor(definition, d);
    return expires === null || expires > today(c);
  };
  if (valid(day)) return day;
  while (day < today(c) && !valid(day)) day = addDays(day, 1);
  return minDay(addDays(day, c.person.ordinal % 9), today(c));
}

function completed(definition: DemoDefinition, at: Date, review = false): Partial<SeededFacts> {
  return {
    completedAt: at,
    expiresAt: expiresAtFor(definition, dayOf(at)),
    pendingReview: review,
    reviewOutcome: review ? ReviewOutcome.Pending : null,
    rejectedAt: null,
    reviewSource: review ? ReviewSource.ManualUpload : null,
  };
}

function file(c: DemoContext, role: string, at: Date, originalName: string, lines: string[]): SeededFile {
  const footer = 'A demo file made by the Touchline seed; no real person or document.';
  return {
    id: c.newId(),
    role,
    at,
    originalName,
    uploadedByUserId: c.person.userId,
    lines: [...lines, footer],
  };
}

function documentActions(c: DemoContext, definition: DemoDefinition, step: DemoStep): SeededAction[] {
  const day = stepDay(c, definition, step);
  if (step.review === 'paper') {
    const facts = completed(definition, new Date(`${day}T00:00:00.000Z`));
    const at = instantOn(day, reviewerMinutes(c), c.now);
    return [
      { at, action: 'complete-without-upload', actorUserId: c.reviewerUserId, facts, data: { date: day } },
    ];
  }
  const at = instantOn(day, memberMinutes(c), c.now);
  const upload = file(c, 'document', at, 'concussion-sheet-signed.pdf', [
    definition.name,
    `Signed by ${fullName(c.person)} (${c.person.role}, ${c.person.teamName}) on ${day}`,
  ]);
  const actions: SeededAction[] = [
    {
      at,
      action: 'complete-document',
      actorUserId: c.person.userId,
      facts: completed(definition, at, true),
      data: { fileIds: [upload.id], names: [upload.originalName] },
      files: [upload],
    },
  ];
  if (step.review === 'pending') return actions;
  const reviewedAt = instantOn(minDay(addDays(day, 2), today(c)), reviewerMinutes(c), c.now);
  const rejected = step.review === 'rejected';
  const reviewDecision = rejected ? ReviewOutcome.RejectedReset : ReviewOutcome.Approved;
  const reviewNotes = rejected ? 'The photo cuts off the signatures; please upload the whole sheet.' : '';
  const facts: Partial<SeededFacts> = rejected
    ? {
        pendingReview: false,
        reviewOutcome: reviewDecision,
        rejectedAt: reviewedAt,
        completedAt: null,
        expiresAt: null,
      }
    : { pendingReview: false, reviewOutcome: reviewDecision };
  const data = { reviewDecision, reviewNotes };
  actions.push({ at: reviewedAt, action: 'review', actorUserId: c.reviewerUserId, facts, data });
  return actions;
}

function formActions(c: DemoContext, definition: DemoDefinition, step: DemoStep): SeededAction[] {
  if (!c.form) return [];
  const day = stepDay(c, definition, step);
  const at = instantOn(day, memberMinutes(c), c.now);
  const fileFields = c.form.fields.filter((f) => f.kind === 'file');
  const ids = new Map(fileFields.map((f) => [f.id, c.newId()]));
  const answers = demoFormAnswers(c.form.fields, c.person, ids);
  const uploads = fileFields
    .filter((f) => answers[f.id] !== undefined)
    .map((f) => ({
      ...file(c, `form-attachment:${f.id}`, at, 'insurance-card.pdf', [
        'Riverside Health Plan (demo)',
        `Member: ${fullName(c.person)}`,
        `Member id RHP-${String(1000 + c.person.ordinal * 37)}`,
      ]),
      id: ids.get(f.id) ?? c.newId(),
    }));
  const attached: SeededAction[] = uploads.map((u) => ({
    at,
    action: 'content-form-file',
    actorUserId: c.person.userId,
    data: { fileId: u.id, fieldId: u.role.slice('form-attachment:'.length), name: u.originalName },
    files: [u],
  }));
  const sentAt = later(at, 4, c.now);
  const data = { formVersionId: c.form.id, version: c.form.version, answers };
  return [
    ...attached,
    {
      at: sentAt,
      action: 'complete-form',
      actorUserId: c.person.userId,
      facts: completed(definition, sentAt),
      data: { formVersionId: c.form.id },
      submission: { kind: 'form', at: sentAt, data, byUserId: c.person.userId },
    },
  ];
}

function waiverActions(c: DemoContext, definition: DemoDefinition, step: DemoStep): SeededAction[] {
  const at = instantOn(stepDay(c, definition, step), memberMinutes(c), c.now);
  const typedName = fullName(c.person);
  // Documentation addresses (RFC 5737): the demo never records a real one.
  const ipAddress = `203.0.113.${String(10 + (c.person.ordinal % 200))}`;
  const text = typeof definition.content.text === 'string' ? definition.content.text : '';
  const signature = {
    typedName,
    agreed: true,
    ipAddress,
    signedAt: at.toISOString(),
    signedByUserId: c.person.userId,
    waiverName: definition.name,
    waiverText: text,
    memberName: typedName,
  };
  return [
    {
      at,
      action: 'complete-waiver',
      actorUserId: c.person.userId,
      facts: completed(definition, at),
      data: { ipAddress, typedName },
      submission: { kind: 'waiver-signature', at, data: signature, byUserId: c.person.userId },
    },
  ];
}

function videoActions(c: DemoContext, definition: DemoDefinition, step: DemoStep): SeededAction[] {
  const at = instantOn(stepDay(c, definition, step), memberMinutes(c), c.now);
  const raw = definition.content.requiredWatchedPercent;
  const required = typeof raw === 'number' ? raw : 90;
  const watchedPercent = step.watchedPercent ?? 100;
  const done = watchedPercent >= required;
  const intervals = [[0, (demoVideoSeconds * watchedPercent) / 100]];
  const state = { intervals, duration: demoVideoSeconds, lastReportAt: at.toISOString() };
  return [
    {
      at,
      action: done ? 'complete-video' : 'video-progress',
      actorUserId: c.person.userId,
      ...(done ? { facts: completed(definition, at) } : {}),
      data: { watchedPercent },
      submission: { kind: 'video-progress', at, data: state, byUserId: c.person.userId },
    },
  ];
}

function trainingActions(c: DemoContext, definition: DemoDefinition, step: DemoStep): SeededAction[] {
  const day = stepDay(c, definition, step);
  const at = instantOn(day, memberMinutes(c), c.now);
  const url = definition.content.trainingUrl;
  const take: SeededAction = {
    at,
    action: 'take-custom-training',
    actorUserId: c.person.userId,
    data: { url },
  };
  if (definition.content.certificateRequired === false)
    return [{ ...take, facts: completed(definition, at) }];
  const uploadedAt = later(at, 45, c.now);
  const certificate = file(c, 'certificate', uploadedAt, 'safe-sport-certificate.pdf', [
    'Certificate of completion',
    definition.name,
    `Awarded to ${fullName(c.person)} on ${dayOf(uploadedAt)}`,
  ]);
  // As the real upload does (ADR 025): a certificate waits for a reviewer unless the training trusts it.
  const review = definition.content.certificatesTrusted !== true;
  const upload: SeededAction = {
    at: uploadedAt,
    action: 'upload-custom-training-certificate',
    actorUserId: c.person.userId,
    facts: completed(definition, uploadedAt, review),
    data: { fileIds: [certificate.id], names: [certificate.originalName] },
    files: [certificate],
  };
  return [take, upload];
}

/** The actions of one story step, per demo kind, as the real calls would have recorded them. */
export const actionsOf: Record<DemoKind, (c: DemoContext, d: DemoDefinition, s: DemoStep) => SeededAction[]> =
  {
    document: documentActions,
    form: formActions,
    waiver: waiverActions,
    video: videoActions,
    training: trainingActions,
  };
