import type { Deps, RequestContext } from '../../deps.ts';
import { and, eq, inArray } from 'drizzle-orm';
import { contentKindMismatchMessage, type FormField } from '@touchline/contracts/content';
import type { FileExtension } from '@touchline/contracts/files';
import type { RequirementAction } from '@touchline/contracts/requirement-actions';
import type { RequirementActionResult, RequirementFile } from '@touchline/contracts/requirement-completion';
import type { RequirementTransition } from '@touchline/contracts/requirement-transitions';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { Transaction } from '../../db/client.ts';
import { requirementFiles, storedFiles } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { newStorageKey } from '../../storage/storage.ts';
import { clearanceHandedIn } from '../incidents/clearance-requirement.service.ts';
import { latestFormFields } from './form-version.ts';
import { actsForSelf } from '../../requirement-core/requirement-actions.policy.ts';
import {
  actionResult,
  completedFacts,
  guardTransition,
  recordChange,
} from '../../requirement-core/requirement-state.ts';
import {
  liveRequirementFiles,
  loadRequirement,
  presentRequirementFile,
  type LoadedRequirement,
  type RequirementFileRow,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';
import {
  checkUpload,
  type CheckedUpload,
  type RequirementUpload,
} from '../../requirement-core/requirement-upload.ts';

/** A 400 when a call meant for one type reaches a requirement of another. */
export function requireType(loaded: LoadedRequirement, ...types: RequirementType[]): void {
  if (!types.includes(loaded.target.type))
    throw invalid(
      [{ field: 'id', in: 'params', message: contentKindMismatchMessage }],
      contentKindMismatchMessage,
    );
}

/** What a training certificate may be: a PDF or a picture of it. */
export const certificateTypes: readonly FileExtension[] = ['pdf', 'png', 'jpeg'];

export type UploadSpec = {
  ref: RequirementRef;
  action: RequirementAction;
  role: string;
  read: () => Promise<RequirementUpload[]>;
  /** The only file types this upload takes (by content), when narrower than every type the product accepts. */
  accept?: readonly FileExtension[];
  /** Type and state checks, run before the upload is read and again under the row lock. */
  check: (loaded: LoadedRequirement) => void;
};

/**
 * The one upload path: authorize and check state before reading the body, check every file's bytes, store them
 * under random keys, then write the rows in one transaction that runs `work`. Any failure after the bytes were
 * stored removes them, so a refused upload leaves no row and no bytes.
 */
export async function storeUploads<T>(
  deps: Deps,
  ctx: RequestContext,
  spec: UploadSpec,
  work: (tx: Transaction, loaded: LoadedRequirement, files: RequirementFileRow[]) => Promise<T>,
): Promise<T> {
  const db = deps.db;
  spec.check(await loadRequirement(db, ctx, spec.ref, spec.action));
  const uploads: CheckedUpload[] = [];
  for (const upload of await spec.read()) uploads.push(await checkUpload(upload, spec.accept));
  const keys: string[] = [];
  try {
    for (const upload of uploads) {
      const key = newStorageKey();
      keys.push(key);
      await deps.storage.put(key, upload.bytes, upload.contentType);
    }
    return await db.transaction(async (tx) => {
      const loaded = await loadRequirement(tx, ctx, spec.ref, spec.action, { lock: true });
      spec.check(loaded);
      const rows: RequirementFileRow[] = [];
      for (const [i, upload] of uploads.entries())
        rows.push(await insertFile(tx, ctx, loaded, spec.role, upload, keys[i] ?? ''));
      return work(tx, loaded, rows);
    });
  } catch (err) {
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw err;
  }
}

async function insertFile(
  tx: Transaction,
  ctx: RequestContext,
  loaded: LoadedRequirement,
  role: string,
  upload: CheckedUpload,
  storageKey: string,
): Promise<RequirementFileRow> {
  const organizationId = ctx.organizationId;
  const [stored] = await tx
    .insert(storedFiles)
    .values({
      organizationId,
      purpose: `requirement-${role.split(':')[0] ?? role}`,
      storageKey,
      contentType: upload.contentType,
      byteSize: upload.bytes.length,
      originalName: upload.originalName,
      createdByUserId: ctx.userId,
    })
    .returning();
  if (!stored) throw new Error('the stored file row was not written');
  const [file] = await tx
    .insert(requirementFiles)
    .values({ organizationId, memberRequirementId: loaded.requirement.id, storedFileId: stored.id, role })
    .returning();
  if (!file) throw new Error('the requirement file row was not written');
  return { ...stored, id: file.id, role, storedFileId: stored.id, createdAt: file.createdAt };
}

/**
 * Documents and certificates wait for a reviewer (as ManualUpload) unless the definition says otherwise: a
 * document with `requiresReview: false`, a training with `certificatesTrusted: true` (ADR 025).
 */
function completionTransition(loaded: LoadedRequirement): RequirementTransition {
  const { requiresReview, certificatesTrusted } = loaded.definition.content;
  if (loaded.target.type === RequirementType.CustomTraining)
    return certificatesTrusted === true ? 'upload' : 'submitForReview';
  return requiresReview === false ? 'upload' : 'submitForReview';
}

async function uploadCompleting(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { read: () => Promise<RequirementUpload[]> },
  kind: {
    type: RequirementType;
    role: string;
    action: string;
    accept?: readonly FileExtension[];
    /** A type's own precondition, checked with the type (e.g. a background check run by the organization's vendor). */
    check?: (loaded: LoadedRequirement) => void;
    /** What else the completion does, in its transaction. */
    then?: (tx: Transaction, loaded: LoadedRequirement, files: RequirementFileRow[]) => Promise<unknown>;
  },
): Promise<RequirementActionResult> {
  const check = (loaded: LoadedRequirement) => {
    requireType(loaded, kind.type);
    kind.check?.(loaded);
    guardTransition(loaded, completionTransition(loaded));
  };
  const spec = {
    ref: input,
    action: 'upload' as const,
    role: kind.role,
    read: input.read,
    check,
    ...(kind.accept ? { accept: kind.accept } : {}),
  };
  return storeUploads(deps, ctx, spec, async (tx, loaded, files) => {
    const transition = completionTransition(loaded);
    const data = { fileIds: files.map((f) => f.id), names: files.map((f) => f.originalName) };
    const facts = completedFacts(loaded, new Date(), transition === 'submitForReview');
    await recordChange(tx, loaded, { action: kind.action, transition, facts, data });
    await kind.then?.(tx, loaded, files);
    return actionResult(tx, loaded);
  });
}

/**
 * POST {id}/complete-document?plaId: the member uploads one or more files; it then awaits review (ADR 014). The
 * organization's return-to-play clearance is handed in like this too, and then does what the conditions page's
 * hand-in does (ADR 040): its first file becomes the clearance of the member's conditions, and their reviewers hear.
 */
export function completeDocument(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { read: () => Promise<RequirementUpload[]> },
): Promise<RequirementActionResult> {
  const kind = {
    type: RequirementType.Document,
    role: 'document',
    action: 'complete-document',
    then: async (tx: Transaction, loaded: LoadedRequirement, [file]: RequirementFileRow[]) => {
      if (!file) return;
      await clearanceHandedIn(deps, tx, ctx, {
        profileId: loaded.requirement.profileId,
        storedFileId: file.storedFileId,
        definitionId: loaded.definition.id,
        now: deps.clock(),
      });
    },
  };
  return uploadCompleting(deps, ctx, input, kind);
}

/**
 * POST {id}/upload-custom-training-certificate?plaId: a certificate (PDF or image, never a web page) goes to
 * review as a ManualUpload unless the training's definition trusts certificates (ADR 025).
 */
export function uploadTrainingCertificate(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { read: () => Promise<RequirementUpload[]> },
): Promise<RequirementActionResult> {
  const kind = {
    type: RequirementType.CustomTraining,
    role: 'certificate',
    action: 'upload-custom-training-certificate',
    accept: certificateTypes,
  };
  return uploadCompleting(deps, ctx, input, kind);
}

/**
 * POST {id}/upload-background-check-report?plaId: the report of the organization's own (Generic) vendor, uploaded
 * by the member or an administrator (a PDF or a picture of it); it always goes to review as a ManualUpload.
 */
export function uploadBackgroundCheckReport(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { read: () => Promise<RequirementUpload[]> },
): Promise<RequirementActionResult> {
  const kind = {
    type: RequirementType.BackgroundCheck,
    role: 'background-check-report',
    action: 'upload-background-check-report',
    accept: certificateTypes,
    check: (loaded: LoadedRequirement) => {
      if (loaded.definition.content.vendor !== 'Generic')
        throw conflict('This background check is run through its vendor: a report cannot be uploaded');
    },
  };
  return uploadCompleting(deps, ctx, input, kind);
}

/** POST {id}/content-form-file?plaId&fieldId: one attachment for a file field of the form, before complete-form. */
export function uploadFormFile(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { fieldId: string; read: () => Promise<RequirementUpload[]> },
): Promise<RequirementFile> {
  let fields: FormField[] = [];
  const check = (loaded: LoadedRequirement) => {
    requireType(loaded, RequirementType.Form);
    guardTransition(loaded, 'complete');
    if (!fields.some((f) => f.id === input.fieldId && f.kind === 'file'))
      throw invalid([{ field: 'fieldId', in: 'query', message: 'This form has no file field with that id' }]);
  };
  const read = async () => {
    const uploads = await input.read();
    if (uploads.length !== 1)
      throw invalid([{ field: 'file', in: 'body', message: 'Send one file per field' }]);
    return uploads;
  };
  const role = `form-attachment:${input.fieldId}`;
  const spec = { ref: input, action: 'upload' as const, role, read, check };
  return latestFormFields(deps.db, ctx.organizationId, input.definitionId).then((latest) => {
    fields = latest?.fields ?? [];
    return storeUploads(deps, ctx, spec, async (tx, loaded, [file]) => {
      if (!file) throw new Error('no file was stored');
      await recordChange(tx, loaded, {
        action: 'content-form-file',
        data: { fileId: file.id, fieldId: input.fieldId, name: file.originalName },
      });
      return presentRequirementFile(file);
    });
  });
}

/**
 * DELETE {id}/delete-document-attachment/{fileId} and {id}/delete-form-attachment/{fileId}: the member while the
 * requirement is open to uploads (409 otherwise), or a director whenever; the row is soft-deleted (history
 * stays) and the bytes removed after commit. The status is re-derived; a removal never completes anything.
 */
export async function deleteAttachment(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & {
    fileId: string;
    kind: 'document' | 'form-attachment' | 'certificate' | 'background-check-report';
  },
): Promise<RequirementActionResult> {
  const { result, removed } = await deps.db.transaction(async (tx) => {
    const loaded = await loadRequirement(tx, ctx, input, 'delete', { lock: true });
    const files = await liveRequirementFiles(tx, ctx.organizationId, loaded.requirement.id);
    const file = files.find((f) => f.id === input.fileId && f.role.split(':')[0] === input.kind);
    if (!file) throw notFound('File');
    if (actsForSelf(ctx, loaded.target)) guardTransition(loaded, 'upload');
    const now = new Date();
    await tx
      .update(requirementFiles)
      .set({ deletedAt: now })
      .where(and(eq(requirementFiles.organizationId, ctx.organizationId), eq(requirementFiles.id, file.id)));
    await tx
      .update(storedFiles)
      .set({ deletedAt: now })
      .where(
        and(eq(storedFiles.organizationId, ctx.organizationId), inArray(storedFiles.id, [file.storedFileId])),
      );
    await recordChange(tx, loaded, {
      action: `delete-${input.kind}`,
      data: { fileId: file.id, name: file.originalName },
    });
    return { result: await actionResult(tx, loaded), removed: file };
  });
  await deps.storage.delete(removed.storageKey).catch((err: unknown) => {
    deps.log.warn({ err, fileId: removed.id }, 'could not remove a deleted requirement file from storage');
  });
  return result;
}
