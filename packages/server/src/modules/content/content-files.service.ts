import type { Deps, RequestContext } from '../../deps.ts';
import { fileTypeFromBuffer } from 'file-type';
import type { ContentFile } from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { recordAuditEvent } from '../../db/audit.ts';
import { invalid, notFound } from '../../errors.ts';
import { newStorageKey } from '../../storage/storage.ts';
import { checkFileType, safeFileName } from '../../storage/upload-check.ts';
import { insertStoredFile } from './content.queries.ts';
import { authorizeManage, contentFilePurpose, presentContentFile, typeOfKind } from './content.support.ts';

/** An uploaded file as the route read it. */
export type ContentUpload = { bytes: Buffer; originalName: string | undefined };

/** Largest document template and largest video we keep. */
export const contentFileLimits = { template: 5 * 1024 * 1024, video: 50 * 1024 * 1024 } as const;

const fileError = (message: string) => invalid([{ field: 'file', in: 'body', message }], message);

/** A template's type by the one acceptance rule of every upload (ADR 020), or a 400 saying why not. */
async function templateType(upload: ContentUpload): Promise<string> {
  const checked = await checkFileType(upload.bytes, safeFileName(upload.originalName));
  if ('refused' in checked) throw fileError(checked.refused);
  return checked.contentType;
}

/** A video's type from its bytes: WebM or MP4, what every browser plays. */
async function videoType(bytes: Buffer): Promise<string | undefined> {
  const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
  return detected && ['webm', 'mp4'].includes(detected.ext) ? detected.mime : undefined;
}

/**
 * POST content-{document|video}/{organizationId}/file: stores a document's template or a video, for a definition's
 * content to refer to (`templateFileId`, `fileId`) in its next save (ADR 013). Authorized before the upload is
 * read; the type comes from the bytes (spec §9 list for templates, WebM/MP4 for videos).
 */
export async function uploadContentFile(
  deps: Deps,
  ctx: RequestContext,
  input: { kind: string; id: string; read: (maxBytes: number) => Promise<ContentUpload> },
): Promise<ContentFile> {
  const db = deps.db;
  const type = typeOfKind(input.kind);
  if (type !== RequirementType.Document && type !== RequirementType.Video) throw notFound('Route');
  if (input.id !== ctx.organizationId) throw notFound('Organization');
  await db.transaction((tx) => authorizeManage(tx, ctx));
  const isVideo = type === RequirementType.Video;
  const upload = await input.read(isVideo ? contentFileLimits.video : contentFileLimits.template);
  const mime = isVideo ? await videoType(upload.bytes) : await templateType(upload);
  if (!mime) throw fileError('Upload a WebM or MP4 video');
  const key = newStorageKey();
  await deps.storage.put(key, upload.bytes, mime);
  return db
    .transaction(async (tx) => {
      await authorizeManage(tx, ctx);
      const file = await insertStoredFile(tx, {
        organizationId: ctx.organizationId,
        purpose: isVideo ? contentFilePurpose.video : contentFilePurpose.template,
        storageKey: key,
        contentType: mime,
        byteSize: upload.bytes.length,
        originalName: safeFileName(upload.originalName),
        createdByUserId: ctx.userId,
      });
      await recordAuditEvent(tx, ctx, {
        organizationId: ctx.organizationId,
        action: 'content.file_uploaded',
        entityType: 'stored_file',
        entityId: file.id,
        data: { contentType: mime, byteSize: file.byteSize },
      });
      return presentContentFile(deps, file);
    })
    .catch(async (err: unknown) => {
      await deps.storage.delete(key);
      throw err;
    });
}
