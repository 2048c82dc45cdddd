import type { Deps } from '../../deps.ts';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import {
  contentBaseSchema,
  contentSchemaByType,
  type ContentBase,
  type ContentDefinition,
  type ContentFile,
} from '@touchline/contracts/content';
import { RequirementType, requirementTypeBySlug } from '@touchline/contracts/requirement-types';
import type { ValidationError } from '@touchline/contracts/errors';
import type { ActorContext } from '../../authz/actor-context.ts';
import { authorize } from '../../authz/rules.ts';
import type { Executor } from '../../db/client.ts';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { memberRequirements, profiles } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';
import { expiringFileLink } from '../../storage/file-links.ts';
import { contentPolicy } from './content.policy.ts';
import { presentAssignment, presentDefinition } from './content.presenter.ts';
import {
  assignmentsOf,
  findDefinition,
  findStoredFile,
  latestFormVersion,
  type DefinitionRow,
} from './content.queries.ts';

/** stored_files purposes of content files: a document's template and a video. */
export const contentFilePurpose = { template: 'content-template', video: 'content-video' } as const;

/** The audit events of the library, all on entity type 'requirement_definition'. */
export const entityType = 'requirement_definition';

/** Said to anyone below admin level at the top level. */
export const manageRefusal =
  'Only an Admin at the top level of the organization can change the content library';

/** Zod issues as field errors under a prefix (`base.name`, `content.fields.0.label`). */
export function fieldErrors(prefix: string, error: z.ZodError): ValidationError[] {
  return error.issues.map((issue) => ({
    field: [prefix, ...issue.path.map(String)].join('.'),
    in: 'body' as const,
    message: issue.message,
  }));
}

/** The type number of a route's kind slug (the params schema has checked it). */
export function typeOfKind(kind: string): RequirementType {
  return requirementTypeBySlug(kind)?.no ?? RequirementType.Document;
}

/** Parses a definition's content against its type's schema, or 400 with `content.…` field errors. */
export function parseContent(type: RequirementType, content: unknown): Record<string, unknown> {
  const parsed = contentSchemaByType[type].safeParse(content);
  if (!parsed.success) throw invalid(fieldErrors('content', parsed.error));
  return parsed.data as Record<string, unknown>;
}

/** Parses the common fields with their cross-field rules, or 400 with `base.…` field errors. */
export function parseBase(base: unknown): ContentBase {
  const parsed = contentBaseSchema.safeParse(base);
  if (!parsed.success) throw invalid(fieldErrors('base', parsed.error));
  return parsed.data;
}

/** 403 unless the actor is admin level at the top level; returns the root. */
export async function authorizeManage(tx: Executor, ctx: ActorContext) {
  const root = await liveRootLevel(tx, ctx.organizationId);
  authorize(root !== undefined && contentPolicy.manage(ctx, root), manageRefusal);
  return root;
}

/** Whether the actor may change the library (shown to the web so it never re-derives the rule). */
export async function canManage(tx: Executor, ctx: ActorContext): Promise<boolean> {
  const root = await liveRootLevel(tx, ctx.organizationId);
  return root !== undefined && contentPolicy.manage(ctx, root);
}

/** 404 for another organization's id, then 403 unless admin level somewhere. */
export function authorizeRead(ctx: ActorContext, organizationId: string = ctx.organizationId) {
  if (organizationId !== ctx.organizationId) throw notFound('Organization');
  authorize(contentPolicy.read(ctx), 'Only an Admin can see the content library');
}

/**
 * Whether the actor's profile, or a child profile they are guardian of, must complete this definition (an active
 * member requirement): what lets a member read a form, waiver or video they have to complete.
 */
export async function holdsActiveRequirement(tx: Executor, ctx: ActorContext, definitionId: string) {
  const rows = await tx
    .select({ id: memberRequirements.id })
    .from(memberRequirements)
    .innerJoin(
      profiles,
      and(eq(profiles.id, memberRequirements.profileId), eq(profiles.organizationId, ctx.organizationId)),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, ctx.organizationId),
        eq(memberRequirements.definitionId, definitionId),
        eq(memberRequirements.active, true),
        isNull(profiles.deletedAt),
        or(eq(profiles.id, ctx.profileId), eq(profiles.guardianProfileId, ctx.profileId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A live definition of the actor's organization, or 404. */
export async function loadDefinition(tx: Executor, ctx: ActorContext, id: string): Promise<DefinitionRow> {
  const row = await findDefinition(tx, ctx.organizationId, id);
  if (!row) throw notFound('Requirement');
  return row;
}

/** The id of the stored file a definition's content refers to, if any. */
export function fileIdOf(row: Pick<DefinitionRow, 'type' | 'content'>): string | null {
  const key = row.type === RequirementType.Document ? 'templateFileId' : 'fileId';
  const value =
    row.type === RequirementType.Document || row.type === RequirementType.Video ? row.content[key] : null;
  return typeof value === 'string' ? value : null;
}

/** 400 when content names a file that is not a live content file of the organization. */
export async function checkContentFile(
  tx: Executor,
  organizationId: string,
  type: number,
  content: Record<string, unknown>,
) {
  const fileId = fileIdOf({ type, content });
  if (fileId === null) return;
  const purpose = type === RequirementType.Video ? contentFilePurpose.video : contentFilePurpose.template;
  if (!(await findStoredFile(tx, organizationId, fileId, [purpose]))) {
    const field = type === RequirementType.Video ? 'content.fileId' : 'content.templateFileId';
    throw invalid([{ field, in: 'body', message: 'Upload the file first' }]);
  }
}

/** The content file of a definition with a fresh expiring link, or null. */
export async function contentFileOf(
  deps: Deps,
  tx: Executor,
  row: DefinitionRow,
): Promise<ContentFile | null> {
  const fileId = fileIdOf(row);
  if (fileId === null) return null;
  const file = await findStoredFile(tx, row.organizationId, fileId, Object.values(contentFilePurpose));
  return file ? presentContentFile(deps, file) : null;
}

/** A stored content file with a fresh expiring link. */
export function presentContentFile(
  deps: Deps,
  file: { id: string; organizationId: string; originalName: string; contentType: string; byteSize: number },
): ContentFile {
  return {
    id: file.id,
    originalName: file.originalName,
    contentType: file.contentType,
    byteSize: file.byteSize,
    ...expiringFileLink(deps.fileLinks, file),
  };
}

/** The form version a definition shows, or null for other types. */
export async function formVersionOf(tx: Executor, row: DefinitionRow) {
  if (row.type !== RequirementType.Form) return null;
  const version = await latestFormVersion(tx, row.organizationId, row.id);
  return version ? { id: version.id, version: version.version } : null;
}

/** A whole definition answer, with its assignments, form version and file link. */
export async function definitionAnswer(
  deps: Deps,
  tx: Executor,
  ctx: ActorContext,
  row: DefinitionRow,
): Promise<ContentDefinition> {
  const assignments = await assignmentsOf(tx, ctx.organizationId, row.id);
  return presentDefinition(row, {
    formVersion: await formVersionOf(tx, row),
    file: await contentFileOf(deps, tx, row),
    assignments: assignments.map(presentAssignment),
    canManage: await canManage(tx, ctx),
  });
}
