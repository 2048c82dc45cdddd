import { z } from 'zod';
import { multiLineText, singleLineText } from './text.ts';

// Incidents and conditions (spec §7 "Incidents", §7 profile conditions, §3 incident/condition/incidentType): the
// shapes are ours, written down in ADR 040 with the sources they follow.

/** Workflow of an incident (ADR 040); the spec gives no numbers, so values equal the names. */
export const IncidentStatus = {
  Reported: 'Reported',
  UnderReview: 'UnderReview',
  ActionTaken: 'ActionTaken',
  Closed: 'Closed',
} as const;
/** One incident status. */
export type IncidentStatus = (typeof IncidentStatus)[keyof typeof IncidentStatus];
/** Validates an incident status arriving in a request. */
export const incidentStatusSchema = z.enum(IncidentStatus);

/** What each status is called on screen. */
export const incidentStatusLabels = {
  Reported: 'Reported',
  UnderReview: 'Under review',
  ActionTaken: 'Action taken',
  Closed: 'Closed',
} as const satisfies Record<IncidentStatus, string>;

/** The moves of the workflow: forward (skipping allowed), and Closed back to UnderReview (reopen). */
export const incidentTransitions: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  Reported: ['UnderReview', 'ActionTaken', 'Closed'],
  UnderReview: ['ActionTaken', 'Closed'],
  ActionTaken: ['Closed'],
  Closed: ['UnderReview'],
};

/** An incident type as the report form offers it (session `incidentType` is its code, ADR 040). */
export type IncidentType = {
  code: string;
  name: string;
  description: string;
  /** A suspected concussion: the involved members are removed from play at once. */
  removesFromPlay: boolean;
  /** Misconduct or abuse: the reporter's duty to report to the authorities and SafeSport within 24 hours. */
  mandatoryReporting: boolean;
  /** The guardian of an involved child is told. */
  notifiesGuardian: boolean;
  builtIn: boolean;
};

/** The built-in incident types (ADR 040); organizations add their own beside them. */
export const builtInIncidentTypes: readonly IncidentType[] = [
  {
    code: 'injury',
    name: 'Injury',
    description: 'A physical injury during a practice, game or event.',
    removesFromPlay: false,
    mandatoryReporting: false,
    notifiesGuardian: true,
    builtIn: true,
  },
  {
    code: 'concussion',
    name: 'Concussion or suspected head injury',
    description:
      'A blow to the head or body with signs of concussion. The member is removed from play at once and returns only with a licensed health-care provider’s written clearance.',
    removesFromPlay: true,
    mandatoryReporting: false,
    notifiesGuardian: true,
    builtIn: true,
  },
  {
    code: 'misconduct',
    name: 'Misconduct or abuse concern',
    description:
      'A concern of emotional, physical or sexual misconduct or abuse, or a breach of the Minor Athlete Abuse Prevention Policies (MAAPP).',
    removesFromPlay: false,
    mandatoryReporting: true,
    notifiesGuardian: false,
    builtIn: true,
  },
  {
    code: 'harassment',
    name: 'Harassment',
    description: 'Bullying, harassment or hazing by or toward a participant, coach, official or spectator.',
    removesFromPlay: false,
    mandatoryReporting: false,
    notifiesGuardian: false,
    builtIn: true,
  },
  {
    code: 'property',
    name: 'Property',
    description: 'Damage to or loss of property, equipment or a venue.',
    removesFromPlay: false,
    mandatoryReporting: false,
    notifiesGuardian: false,
    builtIn: true,
  },
  {
    code: 'other',
    name: 'Other',
    description: 'Anything else the league should know about.',
    removesFromPlay: false,
    mandatoryReporting: false,
    notifiesGuardian: false,
    builtIn: true,
  },
];

/** What a reporter of a mandatory-reporting type is shown (usopc.org/safe-sport; ADR 040). */
export const mandatoryReportingDuty =
  'Adults must report suspected abuse of a minor to law enforcement (or child protective services) and to the U.S. Center for SafeSport within 24 hours. Report immediately if a child is at risk, then record here when and to whom you reported.';

/** Hours within which the mandatory report is due. */
export const mandatoryReportHours = 24;

/** The role a person had in an incident. */
export const InvolvedRole = {
  Injured: 'Injured',
  Subject: 'Subject',
  Witness: 'Witness',
  Other: 'Other',
} as const;
/** One involved role. */
export type InvolvedRole = (typeof InvolvedRole)[keyof typeof InvolvedRole];

/** A required one-line text of at most `max` characters (the incident and condition forms). */
export const text = (max: number, message: string) => singleLineText().min(1, message).max(max);
/** A required multi-line text of at most `max` characters. */
export const longText = (max: number, message: string) =>
  multiLineText()
    .refine((v) => v.trim().length > 0, message)
    .pipe(z.string().max(max));

/** One person involved: a member of the organization (profileId), or someone who is not (name only). */
export const involvedPersonSchema = z
  .object({
    profileId: z.uuid('Not a profile id').nullable().default(null),
    name: singleLineText().max(200).default(''),
    role: z.enum(InvolvedRole),
  })
  .refine((p) => p.profileId !== null || p.name.length > 0, {
    message: 'Pick a member or write the person’s name',
    path: ['name'],
  });
/** One person involved, as sent. */
export type InvolvedPersonInput = z.input<typeof involvedPersonSchema>;

/** POST /api/app/incident/incident: a new report. */
export const reportIncidentBodySchema = z.object({
  type: z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Choose the type of incident'),
  occurredAt: z.iso.datetime({ offset: true, message: 'Say when it happened' }),
  hierarchyLevelId: z.uuid('Choose where it happened'),
  venue: singleLineText().max(200).nullable().default(null),
  involved: z.array(involvedPersonSchema).min(1, 'Name at least one person involved').max(50),
  whatHappened: longText(10_000, 'Describe what happened'),
  actionTaken: multiLineText().pipe(z.string().max(10_000)).nullable().default(null),
});
/** A new report, as sent. */
export type ReportIncidentBody = z.input<typeof reportIncidentBodySchema>;

/** PUT /api/app/incident/{id}/incident takes any of these; each change is a new history entry (ADR 040). */
export const updateIncidentBodySchema = z
  .object({
    status: incidentStatusSchema.optional(),
    assigneeProfileId: z.uuid('Not a profile id').nullable().optional(),
    whatHappened: longText(10_000, 'Describe what happened').optional(),
    actionTaken: multiLineText().pipe(z.string().max(10_000)).nullable().optional(),
    venue: singleLineText().max(200).nullable().optional(),
    note: longText(5000, 'Write the note').optional(),
    authoritiesReportedAt: z.iso.datetime({ offset: true }).nullable().optional(),
    authoritiesReportedTo: text(200, 'Say to whom it was reported').nullable().optional(),
    safeSportReportedAt: z.iso.datetime({ offset: true }).nullable().optional(),
    safeSportReference: text(200, 'Write the reference').nullable().optional(),
    archived: z.boolean().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Change at least one thing',
    path: ['status'],
  });
/** An update, as sent. */
export type UpdateIncidentBody = z.input<typeof updateIncidentBodySchema>;

/** GET /api/app/incident/incidents: both optional (ADR 040). */
export const incidentListQuerySchema = z.object({
  ProfileId: z.uuid('Not a profile id').optional(),
  ProfileLevelAccessId: z.uuid('Not a profile level access id').optional(),
});

/** Who did something, as returned: their profile when they have one, and the name shown. */
export const personRef = z.object({ profileId: z.uuid().nullable(), name: z.string() });

/** An incident as returned (ADR 040). */
export const incidentSchema = z.object({
  id: z.uuid(),
  type: z.string(),
  typeName: z.string(),
  typeDescription: z.string(),
  status: incidentStatusSchema,
  occurredAt: z.string(),
  hierarchyLevelId: z.uuid(),
  levelName: z.string(),
  venue: z.string().nullable(),
  involved: z.array(
    z.object({ profileId: z.uuid().nullable(), name: z.string(), role: z.enum(InvolvedRole) }),
  ),
  whatHappened: z.string(),
  actionTaken: z.string().nullable(),
  reportedBy: personRef,
  reportedAt: z.string(),
  assignee: personRef.nullable(),
  triageDueAt: z.string(),
  mandatoryReport: z
    .object({
      duty: z.string(),
      dueBy: z.string(),
      authoritiesReportedAt: z.string().nullable(),
      authoritiesReportedTo: z.string().nullable(),
      safeSportReportedAt: z.string().nullable(),
      safeSportReference: z.string().nullable(),
    })
    .nullable(),
  documents: z.array(
    z.object({
      id: z.uuid(),
      fileName: z.string(),
      contentType: z.string(),
      byteSize: z.number(),
      uploadedAt: z.string(),
    }),
  ),
  history: z.array(
    z.object({
      id: z.uuid(),
      at: z.string(),
      actorName: z.string(),
      action: z.string(),
      changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
      note: z.string().nullable(),
    }),
  ),
  access: z.enum(['manager', 'reporter']),
  archived: z.boolean(),
});
/** An incident as returned. */
export type Incident = z.infer<typeof incidentSchema>;

/** The list: the items the caller may read, and the open count of its scope (counts, not contents). */
export const incidentListSchema = z.object({
  items: z.array(incidentSchema),
  totalCount: z.number(),
  openCount: z.number().nullable(),
  types: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      description: z.string(),
      removesFromPlay: z.boolean(),
      mandatoryReporting: z.boolean(),
      notifiesGuardian: z.boolean(),
      builtIn: z.boolean(),
    }),
  ),
  canManage: z.boolean(),
  /** The caller and the children they are guardian of: whose conditions they can open. */
  family: z.array(z.object({ profileId: z.uuid(), name: z.string() })),
});
/** The list as returned. */
export type IncidentList = z.infer<typeof incidentListSchema>;

/** GET /api/app/incident/people?hierarchyLevelId (ours): whom a report at a level can name (the roster). */
export const incidentPeopleQuerySchema = z.object({ hierarchyLevelId: z.uuid('Choose a level') });
/** The roster: members with a live access at the level or below, names only. */
export const incidentPeopleSchema = z.array(
  z.object({ profileId: z.uuid(), name: z.string(), levelName: z.string() }),
);

// Conditions ---------------------------------------------------------------------------------------------------
