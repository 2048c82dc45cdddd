import { z } from 'zod';
import { longText, text } from './incidents.ts';

// The organization's incident settings (ours, ADR 040): who reads incidents, the triage deadline, which types tell a
// guardian, and the organization's own incident types beside the built-ins (added, archived and restored).

/** GET/PUT /api/app/incident/settings (ours, ADR 040): who reads incidents, and the triage deadline. */
export const incidentSettingsSchema = z.object({
  accessRoles: z
    .array(z.enum(['Admin', 'Account Manager', 'Director', 'Manager']))
    .min(1, 'Grant incident access to at least one role')
    .refine((roles) => roles.includes('Admin'), 'Administrators always have incident access'),
  triageHours: z.number().int().min(1, 'At least one hour').max(168, 'At most a week (168 hours)'),
  /** The types whose reports tell an involved child's guardian; null keeps each type's own default. */
  guardianNoticeTypes: z
    .array(z.string().regex(/^[a-z][a-z0-9-]{0,62}$/, 'Not a type code'))
    .max(100)
    .nullable()
    .default(null),
});
/** The incident settings. */
export type IncidentSettings = z.output<typeof incidentSettingsSchema>;

/** POST /api/app/incident/incident-types (ours): an organization's own type beside the built-ins. */
export const addIncidentTypeBodySchema = z.object({
  name: text(100, 'Name the type'),
  description: longText(1000, 'Describe when to choose it'),
  notifiesGuardian: z.boolean().default(false),
});
/** A new type, as sent. */
export type AddIncidentTypeBody = z.input<typeof addIncidentTypeBodySchema>;

/** One of the organization's own types, as the settings screen lists it (archived ones too, to restore them). */
export const ownIncidentTypeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  notifiesGuardian: z.boolean(),
  /** Archived: no longer offered for new reports; incidents already reported keep it. */
  archived: z.boolean(),
});
/** One of the organization's own types. */
export type OwnIncidentType = z.infer<typeof ownIncidentTypeSchema>;

/** GET /api/app/incident/incident-types (ours): the organization's own types, live first, then archived. */
export const ownIncidentTypesSchema = z.object({ items: z.array(ownIncidentTypeSchema) });
/** The organization's own types as returned. */
export type OwnIncidentTypes = z.infer<typeof ownIncidentTypesSchema>;

/** PUT /api/app/incident/incident-types/{id} (ours): archive (true) or restore (false) an organization's own type. */
export const archiveIncidentTypeBodySchema = z.object({
  archived: z.boolean({ error: 'Say whether the type is archived (true or false)' }),
});
/** An archive or restore, as sent. */
export type ArchiveIncidentTypeBody = z.input<typeof archiveIncidentTypeBodySchema>;
