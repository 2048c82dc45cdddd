import { z } from 'zod';
import { backgroundCheckContentSchema } from './background-checks.ts';
import { sexOffenderSearchContentSchema } from './sex-offender-search.ts';
import { frequencySchema, validityModeSchema } from './requirement-settings.ts';
import { RequirementType, requirementTypeSlugSchema } from './requirement-types.ts';
import { multiLineText, singleLineText } from './text.ts';
import { usSoccerContentSchema } from './us-soccer.ts';

// The content library (spec §3, §7 "Content"): definitions of the 12 types, their content and assignments (ADR 013).

/** Longest definition name; the spec gives none. */
export const contentNameMaxLength = 200;
/** The expiring-soon window a definition gets unless it says otherwise. */
export const defaultExpiringSoonDays = 30;

const httpsUrl = z
  .url({ protocol: /^https$/, message: 'Enter a link starting with https://' })
  .max(2000, 'Use a shorter link');

/** The fields every definition has, whatever its type (PUT {id}/content-base). */
export const contentBaseShape = {
  name: singleLineText()
    .min(1, 'Enter a name')
    .max(contentNameMaxLength, `Use at most ${contentNameMaxLength} characters`),
  instructions: z.string().max(10_000, 'Use at most 10000 characters').default(''),
  isOptional: z.boolean().default(false),
  validityMode: validityModeSchema.default('None'),
  validityDays: z
    .number()
    .int()
    .min(1, 'At least 1 day')
    .max(3650, 'At most 3650 days')
    .nullable()
    .default(null),
  annualRenewalDate: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Use the form MM-DD')
    .nullable()
    .default(null),
  dueDate: z.iso.date('Use the form YYYY-MM-DD').nullable().default(null),
  dueInDays: z.number().int().min(0, 'Not negative').max(3650, 'At most 3650 days').nullable().default(null),
  expiringSoonDays: z.number().int().min(0).max(365).default(defaultExpiringSoonDays),
  reminderFrequency: frequencySchema.nullable().default(null),
  /**
   * What a member pays (cents) when they pay for this requirement themselves (the definition's payer is the
   * member, or their role's paid requirements list it; ADR 031). Null: no price; absent: unchanged.
   */
  memberPrice: z
    .number('Enter the price as a number, such as 25.00')
    .int('Enter the price in whole cents')
    .min(50, 'At least $0.50 (the payment provider’s minimum)')
    .max(100_000, 'At most $1,000.00')
    .nullable()
    .optional(),
  /** Who pays, for every role (a role may also list it among its paid requirements); absent: unchanged. */
  payer: z.enum(['organization', 'member'], 'Choose who pays').optional(),
};

type BaseInput = {
  validityMode: string;
  validityDays: number | null;
  annualRenewalDate: string | null;
  dueDate: string | null;
  dueInDays: number | null;
};

/** The cross-field rules of the common fields: each validity mode has its own setting, one due rule at most. */
function checkBase(value: BaseInput, ctx: z.RefinementCtx) {
  if (value.validityMode === 'Duration' && value.validityDays === null)
    ctx.addIssue({
      code: 'custom',
      path: ['validityDays'],
      message: 'Enter how many days a completion is valid',
    });
  if (value.validityMode === 'Annual' && value.annualRenewalDate === null)
    ctx.addIssue({ code: 'custom', path: ['annualRenewalDate'], message: 'Enter the yearly renewal date' });
  if (value.dueDate !== null && value.dueInDays !== null)
    ctx.addIssue({
      code: 'custom',
      path: ['dueInDays'],
      message: 'Choose a due date or a number of days, not both',
    });
}

/** Body of PUT {id}/content-base and the `base` of a creation. */
export const contentBaseSchema = z.object(contentBaseShape).superRefine(checkBase);
/** The parsed common fields. */
export type ContentBase = z.infer<typeof contentBaseSchema>;

/** The kinds of a built form's field. */
export const formFieldKinds = [
  'text',
  'textarea',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
  'file',
] as const;
/** One form field kind. */
export type FormFieldKind = (typeof formFieldKinds)[number];
const choiceKinds: readonly FormFieldKind[] = ['select', 'radio'];

/** One field of a built form; `visibleWhen` shows it only when an earlier field's answer equals a value. */
export const formFieldSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use 1–40 letters, digits, - or _'),
  label: singleLineText().min(1, 'Enter a label').max(200, 'Use at most 200 characters'),
  kind: z.enum(formFieldKinds),
  required: z.boolean().default(false),
  options: z.array(singleLineText().min(1, 'Enter the option').max(200)).max(50).optional(),
  visibleWhen: z
    .object({ fieldId: z.string().min(1, 'Choose a field'), equals: z.string().max(200) })
    .nullable()
    .optional(),
});
/** One form field. */
export type FormField = z.infer<typeof formFieldSchema>;

/** Unique ids, options for choices, conditions only on earlier fields (so conditions never loop). */
function checkFields(value: { fields: FormField[] }, ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  value.fields.forEach((field, i) => {
    if (seen.has(field.id))
      ctx.addIssue({ code: 'custom', path: ['fields', i, 'id'], message: 'Each field needs its own id' });
    if (choiceKinds.includes(field.kind) && (field.options ?? []).length === 0)
      ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: 'Add at least one option' });
    if (field.visibleWhen && !seen.has(field.visibleWhen.fieldId))
      ctx.addIssue({
        code: 'custom',
        path: ['fields', i, 'visibleWhen', 'fieldId'],
        message: 'A field can only depend on a field above it',
      });
    seen.add(field.id);
  });
}

/** Content of a Document: a template file to download, or a link, or neither (the member just uploads). */
export const documentContentSchema = z.object({
  templateFileId: z.uuid().nullable().default(null),
  linkUrl: httpsUrl.nullable().default(null),
});
/** Content of a Form: its fields; each change is saved as a new form version. */
export const formContentSchema = z
  .object({ fields: z.array(formFieldSchema).min(1, 'Add at least one field').max(100) })
  .superRefine(checkFields);
/** Content of a Waiver: the text, signed by typing one's name. */
export const waiverContentSchema = z.object({
  text: multiLineText().min(1, 'Enter the waiver text').max(50_000),
  requireTypedName: z.literal(true).default(true),
});
/** Content of a Video: a link or an uploaded file, and the share that must actually be played. */
export const videoContentSchema = z
  .object({
    url: httpsUrl.nullable().default(null),
    fileId: z.uuid().nullable().default(null),
    requiredWatchedPercent: z.number().int().min(50, 'At least 50').max(100, 'At most 100').default(90),
  })
  .superRefine((v, ctx) => {
    if ((v.url === null) === (v.fileId === null))
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'Give a video link or upload a video file' });
  });
/** Content of a CustomTraining: where the training is taken, and whether a certificate must be uploaded. */
export const customTrainingContentSchema = z.object({
  trainingUrl: httpsUrl,
  certificateRequired: z.boolean().default(true),
  /** An uploaded certificate completes the training at once; otherwise it goes to review (ADR 025). */
  certificatesTrusted: z.boolean().default(false),
});
/**
 * Content of an Age Verification definition: what the member proves. The values are contracts/verification's
 * VerificationKind (a test holds them equal); written out here so the content contract imports no other module's
 * (an import from verification.ts here made the web build's chunks import each other, ADR 039).
 */
export const ageVerificationContentSchema = z.object({
  kind: z.enum(['Age', 'Grade', 'AgeAndGrade']).default('Age'),
  /**
   * What the league asks more of a member born abroad (ADR 039 "Citizenship"): when set, a member whose saved
   * citizenship (save-citizenship-data) is not of the organization's country proves age only with these documents
   * (IdentityDocumentType names), and one with no citizenship saved is asked to save it first.
   */
  abroadProofTypes: z
    .array(z.enum(['BirthCertificate', 'GovernmentIssuedPassport', 'GovernmentIssuedId']))
    .default([]),
});
/** Age verification content. */
export type AgeVerificationContent = z.infer<typeof ageVerificationContentSchema>;
/** Content of the provider types (checks, screenings, verifications, license): an opaque configuration for now. */
export const providerContentSchema = z.record(
  z.string().max(100),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
);

/** The content schema of each type number. */
export const contentSchemaByType = {
  [RequirementType.Document]: documentContentSchema,
  [RequirementType.Form]: formContentSchema,
  [RequirementType.Waiver]: waiverContentSchema,
  [RequirementType.Video]: videoContentSchema,
  [RequirementType.CustomTraining]: customTrainingContentSchema,
  [RequirementType.BackgroundCheck]: backgroundCheckContentSchema,
  [RequirementType.AbusePreventionTraining]: providerContentSchema,
  [RequirementType.SexOffenderSearch]: sexOffenderSearchContentSchema,
  [RequirementType.AgeVerification]: ageVerificationContentSchema,
  [RequirementType.IdentityVerification]: providerContentSchema,
  [RequirementType.LiveScan]: providerContentSchema,
  [RequirementType.USSoccer]: usSoccerContentSchema,
} as const;

/** Video content. */
export type VideoContent = z.infer<typeof videoContentSchema>;
/** Custom training content. */
export type CustomTrainingContent = z.infer<typeof customTrainingContentSchema>;

/** Path parameter `kind` of content-{kind}/{id}: a type slug. */
export const contentKindParamsSchema = z.object({ kind: requirementTypeSlugSchema, id: z.uuid('Not an id') });
/** Path parameter of the {id} calls. */
export const contentIdParamsSchema = z.object({ id: z.uuid('Not an id') });
/** Query of GET /api/app/content. */
export const contentListQuerySchema = z.object({ organizationId: z.uuid('Not an organization id') });

/**
 * Body of POST content-{kind}/{id}: with an organization id it creates (base required); with a definition id it
 * replaces the content, and the base too when given. The content is checked against the kind's schema by the
 * service, so its field errors read `content.…`.
 */
export const saveContentBodySchema = z.object({
  base: z.object(contentBaseShape).optional(),
  content: z.record(z.string(), z.unknown()),
});
/** The raw save body. */
export type SaveContentBody = z.infer<typeof saveContentBodySchema>;

/** Body of PUT content-order: every live definition id once, in the new order. */
export const contentOrderBodySchema = z.object({ ids: z.array(z.uuid()).max(1000) });
/** Body of POST {id}/assign-content: the whole set of assignments the definition should have. */
export const assignContentBodySchema = z.object({
  contentAssignments: z
    .array(z.object({ hierarchyLevelId: z.uuid('Choose a level'), labelId: z.uuid('Choose a role') }))
    .max(500),
});
/** The parsed assignment body. */
export type AssignContentBody = z.infer<typeof assignContentBodySchema>;

/** One assignment: a definition given to a role label at a level and everything below. */
export const contentAssignmentSchema = z.object({
  id: z.uuid(),
  hierarchyLevelId: z.uuid(),
  hierarchyLevelName: z.string(),
  labelId: z.uuid(),
  labelName: z.string(),
});
/** One assignment. */
export type ContentAssignment = z.infer<typeof contentAssignmentSchema>;
/** Answer of GET {id}/content-assignments. */
export const contentAssignmentsResponseSchema = z.object({ items: z.array(contentAssignmentSchema) });

/** A stored file a definition refers to (template, video), with an expiring link. */
export const contentFileSchema = z.object({
  id: z.uuid(),
  originalName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  url: z.string(),
  expiresAt: z.string(),
});
/** A content file. */
export type ContentFile = z.infer<typeof contentFileSchema>;

/** The saved form version a definition currently shows. */
export const formVersionRefSchema = z.object({ id: z.uuid(), version: z.number().int() });

/** Answer of GET content-{kind}/{id}: a definition's type-specific content. */
export const definitionContentResponseSchema = z.object({
  id: z.uuid(),
  type: z.enum(RequirementType),
  content: z.record(z.string(), z.unknown()),
  formVersion: formVersionRefSchema.nullable(),
  file: contentFileSchema.nullable(),
});
/** A definition's content answer. */
export type DefinitionContentResponse = z.infer<typeof definitionContentResponseSchema>;

/** Answer of GET content-library/{id} and of saves: the whole definition. */
export const contentDefinitionSchema = definitionContentResponseSchema.extend({
  ...z.object(contentBaseShape).shape,
  sortOrder: z.number().int(),
  assignments: z.array(contentAssignmentSchema),
  canManage: z.boolean(),
});
/** One whole definition. */
export type ContentDefinition = z.infer<typeof contentDefinitionSchema>;

/** One row of the library list. */
export const contentListItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(RequirementType),
  name: z.string(),
  isOptional: z.boolean(),
  sortOrder: z.number().int(),
  assignmentCount: z.number().int(),
});
/** One library row. */
export type ContentListItem = z.infer<typeof contentListItemSchema>;
/** Answer of GET /api/app/content?organizationId. */
export const contentListResponseSchema = z.object({
  items: z.array(contentListItemSchema),
  totalCount: z.number().int(),
  canManage: z.boolean(),
});
/** The library list answer. */
export type ContentListResponse = z.infer<typeof contentListResponseSchema>;
/** Answer of GET name-list/{organizationId}: what pickers need. */
export const contentNameListResponseSchema = z.object({
  items: z.array(z.object({ id: z.uuid(), name: z.string(), type: z.enum(RequirementType) })),
});

/** Said when the ids of content-order are not exactly the live definitions. */
export const contentOrderMismatchMessage = 'List every requirement of the library exactly once';
/** Said when a POST content-{kind} names a definition of another kind. */
export const contentKindMismatchMessage = 'This requirement is of another type';

/** Which fields of a built form show, given the answers so far: the preview and the member's form both use it. */
export function visibleFormFields(fields: readonly FormField[], answers: Readonly<Record<string, unknown>>) {
  const shown = new Set<string>();
  return fields.filter((field) => {
    const rule = field.visibleWhen;
    const visible = !rule || (shown.has(rule.fieldId) && String(answers[rule.fieldId] ?? '') === rule.equals);
    if (visible) shown.add(field.id);
    return visible;
  });
}
