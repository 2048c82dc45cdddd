import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { ContentFile } from '@touchline/contracts/content';
import { mimeTypeByExtension, normalizeExtension, type FileExtension } from '@touchline/contracts/files';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { ActorContext } from '../../authz/actor-context.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { invalid, notFound } from '../../errors.ts';
import { newStorageKey } from '../../storage/storage.ts';
import { insertStoredFile } from './content.queries.ts';
import {
  auditActor,
  authorizeManage,
  contentFilePurpose,
  presentContentFile,
  typeOfKind,
} from './content.support.ts';

/** An uploaded file as the route read it. */
export type ContentUpload = { bytes: Buffer; originalName: string | undefined };

/** Largest document template and largest video we keep. */
export const contentFileLimits = { template: 5 * 1024 * 1024, video: 50 * 1024 * 1024 } as const;

/** The last path segment of a browser-given name without control characters: kept only to name downloads. */
function safeFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = Array.from(last)
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 32 && ch !== '\u007f')
    .join('')
    .trim()
    .slice(-200);
  return printable === '' || printable === '.' || printable === '..' ? 'upload' : printable;
}

const textExtensions: readonly FileExtension[] = ['txt', 'csv', 'xml'];
const fileError = (message: string) => invalid([{ field: 'file', in: 'body', message }], message);

/** Text files have no magic bytes: accepted by name only when they decode as UTF-8 without NUL bytes. */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The spec §9 type of a template, read from its bytes (and its name only for text and the old Excel format). */
export async function templateType(bytes: Buffer, name: string | undefined): Promise<string | undefined> {
  if (bytes.length === 0) return undefined;
  const detected = await fileTypeFromBuffer(bytes);
  const named = normalizeExtension(safeFileName(name));
  if (!detected)
    return named && textExtensions.includes(named) && isPlainText(bytes)
      ? mimeTypeByExtension[named]
      : undefined;
  if (detected.ext === 'cfb') return named === 'xls' ? mimeTypeByExtension.xls : undefined;
  const ext = normalizeExtension(detected.ext);
  return ext && !textExtensions.includes(ext) ? mimeTypeByExtension[ext] : undefined;
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
  app: FastifyInstance,
  ctx: ActorContext,
  input: { kind: string; id: string; read: (maxBytes: number) => Promise<ContentUpload> },
  requestId: string,
): Promise<ContentFile> {
  const db = app.database.db;
  const type = typeOfKind(input.kind);
  if (type !== RequirementType.Document && type !== RequirementType.Video) throw notFound('Route');
  if (input.id !== ctx.organizationId) throw notFound('Organization');
  await db.transaction((tx) => authorizeManage(tx, ctx));
  const isVideo = type === RequirementType.Video;
  const upload = await input.read(isVideo ? contentFileLimits.video : contentFileLimits.template);
  const mime = isVideo
    ? await videoType(upload.bytes)
    : await templateType(upload.bytes, upload.originalName);
  if (!mime)
    throw fileError(
      isVideo ? 'Upload a WebM or MP4 video' : 'Upload a PDF, image, text, spreadsheet or archive file',
    );
  const key = newStorageKey();
  await app.storage.put(key, upload.bytes, mime);
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
      await recordAuditEvent(tx, auditActor(ctx, requestId), {
        organizationId: ctx.organizationId,
        action: 'content.file_uploaded',
        entityType: 'stored_file',
        entityId: file.id,
        data: { contentType: mime, byteSize: file.byteSize },
      });
      return presentContentFile(app, file);
    })
    .catch(async (err: unknown) => {
      await app.storage.delete(key);
      throw err;
    });
}
