import { z } from 'zod';
import { requirementFileSchema, requirementMemberQuerySchema } from './requirement-completion.ts';
import { requirementStatusSchema } from './requirement-status.ts';

/**
 * Query of POST {id}/upload-abuse-prevention-training-certificate (multipart `file`): the member and the completion
 * date printed on the certificate, checked against the requirement's validity (ADR 032).
 */
export const abusePreventionCertificateQuerySchema = requirementMemberQuerySchema.extend({
  completedOn: z.iso.date('Enter the completion date on the certificate as YYYY-MM-DD'),
});

/** Days a certificate counts when the definition sets no validity: the annual refresher of abuse-prevention training. */
export const abusePreventionDefaultValidityDays = 365;

/** Where the member's course is at the provider, as the requirement page shows it. */
export const trainingStates = [
  'not_enrolled',
  'enrolling',
  'not_started',
  'in_progress',
  'completed',
] as const;
/** One of {@link trainingStates}. */
export type TrainingState = (typeof trainingStates)[number];

/**
 * Response of GET {id}/abuse-prevention-training-by-id?plaId and of abuse-prevention-take-training: the
 * requirement's status, the course at the provider (a sandbox named as one), and the certificate kept as evidence.
 */
export const abusePreventionTrainingSchema = z.object({
  memberRequirementId: z.uuid(),
  definitionId: z.uuid(),
  name: z.string(),
  status: requirementStatusSchema,
  /** Null when no course provider is set up in this deployment (only an upload is possible). */
  provider: z.string().nullable(),
  sandbox: z.boolean(),
  state: z.enum(trainingStates),
  percent: z.number().int().min(0).max(100),
  enrolledAt: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The last day the completion counts (the definition's validity, a year by default). */
  expiresAt: z.string().nullable(),
  certificate: requirementFileSchema.nullable(),
  /** Whether "Take training" may be pressed now (not while the course is open or once it is done and valid). */
  mayTake: z.boolean(),
});
/** The member's abuse-prevention training. */
export type AbusePreventionTraining = z.infer<typeof abusePreventionTrainingSchema>;

/** Query of GET {id}/get-training-url: the member, and the page of ours the course sends them back to. */
export const trainingLaunchQuerySchema = requirementMemberQuerySchema.extend({
  returnPath: z
    .string()
    .max(500)
    .regex(/^\/(?![/\\])[^\s]*$/, 'The return path must be a path of this site')
    .optional(),
});

/** Response of GET {id}/get-training-url: the one-time launch link into the course. */
export const trainingLaunchSchema = z.object({ url: z.url(), sandbox: z.boolean() });
/** The launch link. */
export type TrainingLaunch = z.infer<typeof trainingLaunchSchema>;

/** One course of the training provider's catalog, as the content editor's course picker lists it. */
export const trainingCourseSchema = z.object({ id: z.string(), name: z.string() });
/**
 * Response of GET /api/app/organization/{id}/training-courses (ours, ADR 032): the provider's courses a training
 * definition may name, the deployment's default first among them, and whether the provider is a sandbox.
 */
export const trainingCoursesSchema = z.object({
  provider: z.string(),
  sandbox: z.boolean(),
  defaultCourseId: z.string(),
  courses: z.array(trainingCourseSchema),
});
/** The training provider's course list. */
export type TrainingCourses = z.infer<typeof trainingCoursesSchema>;
