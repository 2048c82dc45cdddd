import { z } from 'zod';
import { definitionContentResponseSchema, formFieldSchema, formVersionRefSchema } from './content.ts';
import { requirementStatusSchema } from './requirement-status.ts';
import { singleLineText } from './text.ts';

/**
 * Request and response shapes of the member actions on a requirement (spec §7 "Requirements"): completing
 * documents, forms, waivers, videos and custom trainings, a manager's complete-without-upload, mark-incomplete and
 * completed date, and the member's files. `{id}` in every path is the requirement definition id; `plaId` names the
 * member (a profile-level access): a path segment where the spec's call has one, otherwise the `plaId` query.
 */

/** Query of every call whose spec path has no `{plaId}`: which member's requirement is meant. */
export const requirementMemberQuerySchema = z.object({ plaId: z.uuid('Choose a member') });
/** Which member's requirement a call means. */
export type RequirementMemberQuery = z.infer<typeof requirementMemberQuerySchema>;

/** A stored file attached to a member's requirement, as listed to the member and their managers. */
export const requirementFileSchema = z.object({
  id: z.uuid(),
  /** 'document', 'form-attachment:<fieldId>' or 'certificate'. */
  role: z.string(),
  name: z.string(),
  contentType: z.string(),
  byteSize: z.number().int().nonnegative(),
  uploadedAt: z.iso.datetime({ offset: true }),
});
/** One file of a member's requirement. */
export type RequirementFile = z.infer<typeof requirementFileSchema>;

/** Response of most actions: the requirement's status after the change and its files. */
export const requirementActionResultSchema = z.object({
  memberRequirementId: z.uuid(),
  definitionId: z.uuid(),
  profileId: z.uuid(),
  status: requirementStatusSchema,
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  files: z.array(requirementFileSchema),
});
/** A requirement's state after an action. */
export type RequirementActionResult = z.infer<typeof requirementActionResultSchema>;

/** GET {id}/files-to-view?plaId: the files of one member's requirement. */
export const filesToViewResponseSchema = z.object({ items: z.array(requirementFileSchema) });
/** The files of one member's requirement. */
export type FilesToViewResponse = z.infer<typeof filesToViewResponseSchema>;

/** POST {id}/content-form-file?plaId&fieldId (multipart `file`): the attachment for one form field. */
export const formFileQuerySchema = requirementMemberQuerySchema.extend({
  fieldId: z.string().min(1, 'Choose a form field').max(100),
});
/** Query of the form attachment upload. */
export type FormFileQuery = z.infer<typeof formFileQuerySchema>;

/** Longest text answer of a form. */
export const formAnswerTextMaxLength = 10_000;

/** One answer: text, a number, a yes/no, a list of chosen options, or the id of an uploaded attachment. */
export const formAnswerValueSchema = z.union([
  z.string().max(formAnswerTextMaxLength),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1000)).max(100),
  z.null(),
]);
/** One form answer value. */
export type FormAnswerValue = z.infer<typeof formAnswerValueSchema>;

/**
 * POST {id}/complete-form?plaId: answers keyed by field id, for the form version the member filled in. An
 * attachment field's answer is the file id returned by content-form-file; hidden fields must be left empty.
 */
export const completeFormBodySchema = z.object({
  formVersionId: z.uuid('Choose the form version'),
  answers: z.record(z.string().max(100), formAnswerValueSchema),
});
/** Body of complete-form. */
export type CompleteFormBody = z.infer<typeof completeFormBodySchema>;

/**
 * A member's live answers to a form, with the version they answered (its fields as they were then, which may
 * differ from the newest version) and the attachments their file answers name.
 */
export const formSubmissionSchema = z.object({
  formVersion: formVersionRefSchema.extend({ fields: z.array(formFieldSchema) }),
  answers: z.record(z.string(), formAnswerValueSchema),
  submittedAt: z.iso.datetime({ offset: true }),
  attachments: z.array(requirementFileSchema),
});
/** A member's live form answers. */
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

/** Query of GET /api/app/content/content-{kind}/{id}: with `plaId`, read as that member's requirement. */
export const memberContentQuerySchema = z.object({ plaId: z.uuid('Choose a member').optional() });
/** Query of the content read. */
export type MemberContentQuery = z.infer<typeof memberContentQuerySchema>;

/**
 * Answer of GET content-{kind}/{id}: the definition's content, and with `plaId` on a Form the member's live
 * submission (null until they send the form), so they and their managers can read what was answered.
 */
export const memberContentResponseSchema = definitionContentResponseSchema.extend({
  submission: formSubmissionSchema.nullable().optional(),
});
/** The content read, with a member's submission when asked for one. */
export type MemberContentResponse = z.infer<typeof memberContentResponseSchema>;

/** POST {id}/complete-waiver?plaId: the member types their full name and agrees. */
export const completeWaiverBodySchema = z.object({
  typedName: singleLineText().min(1, 'Type your full name').max(200),
  agreed: z.literal(true, 'You must agree to the waiver'),
});
/** Body of complete-waiver. */
export type CompleteWaiverBody = z.infer<typeof completeWaiverBodySchema>;

/** GET {id}/waiver/view?plaId: the signed waiver (GET {id}/waiver/download?plaId gives the same as a PDF). */
export const signedWaiverSchema = z.object({
  definitionId: z.uuid(),
  waiverName: z.string(),
  waiverText: z.string(),
  memberName: z.string(),
  typedName: z.string(),
  signedAt: z.iso.datetime({ offset: true }),
  ipAddress: z.string().nullable(),
  events: z.array(
    z.object({
      action: z.string(),
      at: z.iso.datetime({ offset: true }),
      actorUserId: z.uuid().nullable(),
    }),
  ),
});
/** A signed waiver as JSON. */
export type SignedWaiver = z.infer<typeof signedWaiverSchema>;

/** The two forms of `waiver/{x}`: JSON to show, or the signed PDF to download. */
export const waiverViewKindSchema = z.enum(['view', 'download']);

/** One played stretch of a video, in seconds from its start: [start, end] with start < end. */
export const watchedIntervalSchema = z
  .tuple([z.number().nonnegative(), z.number().nonnegative()])
  .refine(([start, end]) => end > start, 'An interval must end after it starts');

/**
 * POST {id}/complete-video?plaId: the stretches the player actually played since its last report (not seeks),
 * and the video's duration in seconds. The server merges them with earlier reports.
 */
export const videoProgressBodySchema = z.object({
  intervals: z.array(watchedIntervalSchema).max(1000),
  duration: z.number().positive().max(86_400),
});
/** Body of complete-video. */
export type VideoProgressBody = z.infer<typeof videoProgressBodySchema>;

/** Response of complete-video: the merged watched share and whether it completed the requirement. */
export const videoProgressResultSchema = requirementActionResultSchema.extend({
  watchedSeconds: z.number().nonnegative(),
  watchedPercent: z.number().min(0).max(100),
  requiredWatchedPercent: z.number().min(0).max(100),
  intervals: z.array(z.tuple([z.number(), z.number()])),
});
/** Result of complete-video. */
export type VideoProgressResult = z.infer<typeof videoProgressResultSchema>;

/** Response of take-custom-training: where the training is. */
export const trainingUrlSchema = z.object({ url: z.string() });
/** Where a custom training is. */
export type TrainingUrl = z.infer<typeof trainingUrlSchema>;

/** A calendar date YYYY-MM-DD, not in the future. */
const pastDateSchema = z.iso
  .date('Enter the date as YYYY-MM-DD')
  .refine((value) => value <= new Date().toISOString().slice(0, 10), 'The date cannot be in the future');

/** The longest note staff may leave with a manual completion or reopening. */
export const staffNoteMaxLength = 500;
const staffNoteSchema = z.string().trim().max(staffNoteMaxLength, `At most ${staffNoteMaxLength} characters`);

/**
 * POST {id}/complete-without-upload/{plaId}: a manager marks the requirement complete as of a date, with an
 * optional note kept in its history (ADR 025).
 */
export const completeWithoutUploadBodySchema = z.object({
  date: pastDateSchema,
  note: staffNoteSchema.optional(),
});
/** Body of complete-without-upload. */
export type CompleteWithoutUploadBody = z.infer<typeof completeWithoutUploadBodySchema>;

/** POST {id}/mark-incomplete/{plaId}: the spec sends no body; an optional note is kept in the history (ADR 025). */
export const markIncompleteBodySchema = z.object({ note: staffNoteSchema.optional() }).nullish();
/** Body of mark-incomplete. */
export type MarkIncompleteBody = z.infer<typeof markIncompleteBodySchema>;

/** PATCH {id}/completed-date-time/{plaId}: a manager corrects when the requirement was completed. */
export const completedDateTimeBodySchema = z.object({
  completedDateTime: z.iso
    .datetime({ offset: true, message: 'Enter a date and time' })
    .refine((value) => Date.parse(value) <= Date.now() + 60_000, 'The time cannot be in the future'),
});
/** Body of completed-date-time. */
export type CompletedDateTimeBody = z.infer<typeof completedDateTimeBodySchema>;

/** Response of download-file and extension-content-file: an expiring link (ADR 008), or an outside link. */
export const requirementFileLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
/** A link to a file. */
export type RequirementFileLink = z.infer<typeof requirementFileLinkSchema>;

/** Per-file and per-request upload limits of requirement files (bytes). */
export const requirementUploadLimits = {
  fileBytes: 10 * 1024 * 1024,
  requestBytes: 25 * 1024 * 1024,
  files: 5,
};
