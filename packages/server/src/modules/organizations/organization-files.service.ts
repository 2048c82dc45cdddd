import type { Deps, RequestContext } from '../../deps.ts';
import { Readable } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  organizationPhotoRules,
  type FileUrlResponse,
  type OrganizationFile,
  type OrganizationFilePurpose,
} from '@touchline/contracts/organizations';
import type { ActorContext } from '../../authz/actor-context.ts';
import { liveRootLevel } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { organizations, storedFiles } from '../../db/schema/index.ts';
import { ErrorCode } from '@touchline/contracts/errors';
import { AppError, forbidden, invalid, notFound } from '../../errors.ts';
import { openFileBytes } from '../../storage/file-cipher.ts';
import { expiringFileLink } from '../../storage/file-links.ts';
import { newStorageKey, parseByteRange, type ByteRange } from '../../storage/storage.ts';
import { organizationPolicy, type OrganizationRow } from './organizations.policy.ts';
import { presentOrganizationFile } from './organizations.presenter.ts';
import { liveFileById, liveFilesOf, type StoredFileRow } from './organizations.queries.ts';

/** An uploaded file as the route read it: the bytes and the name the browser gave. */
export type Upload = { bytes: Buffer; originalName: string | undefined };

/** How stored_files names an organization file's purpose (the API says `photo`). */
export const storedPurpose = (purpose: OrganizationFilePurpose) => `organization-${purpose}`;

const acceptedTypes: readonly string[] = organizationPhotoRules.contentTypes;

/** The actor's current organization with its top level; every other id reads as not found (ADR 007). */
async function loadOrganization(
  db: Executor,
  ctx: ActorContext,
  organizationId: string,
): Promise<OrganizationRow> {
  const root = organizationId === ctx.organizationId ? await liveRootLevel(db, organizationId) : undefined;
  if (!root) throw notFound('Organization');
  return { id: organizationId, rootPath: root.path };
}

/** The last path segment of a browser-given name, without control characters: kept only to name downloads. */
export function safeFileName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = Array.from(last)
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 32 && ch !== '\u007f')
    .join('')
    .trim()
    .slice(-200);
  return printable === '' || printable === '.' || printable === '..' ? 'upload' : printable;
}

/** An expiring link to a stored file of the organization (GET /api/files/{token}). */
export function fileLinkOf(deps: Deps, row: Pick<StoredFileRow, 'id' | 'organizationId'>): FileUrlResponse {
  return expiringFileLink(deps.fileLinks, row);
}

/** Removes replaced files' bytes after their rows are soft-deleted; a failure only leaves an orphan, so it is logged. */
async function removeBytes(deps: Deps, rows: StoredFileRow[]) {
  for (const row of rows) {
    await deps.storage.delete(row.storageKey).catch((err: unknown) => {
      deps.log.warn({ err, fileId: row.id }, 'could not remove a replaced file from storage');
    });
  }
}

/**
 * Stores an organization's photo (POST {id}/file?purpose): admin-level only, checked before the upload is read;
 * the type comes from the bytes (PNG, JPEG, WebP, GIF), never the name. A replaced photo is soft-deleted and its
 * bytes removed once the change is committed.
 */
export async function uploadOrganizationFile(
  deps: Deps,
  ctx: RequestContext,
  input: { organizationId: string; purpose: OrganizationFilePurpose; read: () => Promise<Upload> },
): Promise<OrganizationFile> {
  const db = deps.db;
  const org = await loadOrganization(db, ctx, input.organizationId);
  authorize(organizationPolicy.manageFiles(ctx, org));
  const upload = await input.read();
  const type = upload.bytes.length > 0 ? await fileTypeFromBuffer(upload.bytes) : undefined;
  if (!type || !acceptedTypes.includes(type.mime))
    throw invalid(
      [{ field: 'file', in: 'body', message: 'Upload a PNG, JPEG, WebP or GIF image' }],
      'The file is not an image of a type we accept',
    );
  const key = newStorageKey();
  await deps.storage.put(key, upload.bytes, type.mime);
  const purpose = storedPurpose(input.purpose);
  const written = await db
    .transaction(async (tx) => {
      await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, org.id))
        .for('update');
      const replaced = await liveFilesOf(tx, org.id, purpose);
      if (replaced.length > 0)
        await tx
          .update(storedFiles)
          .set({ deletedAt: new Date() })
          .where(
            and(
              eq(storedFiles.organizationId, org.id),
              inArray(
                storedFiles.id,
                replaced.map((r) => r.id),
              ),
            ),
          );
      const [row] = await tx
        .insert(storedFiles)
        .values({
          organizationId: org.id,
          purpose,
          storageKey: key,
          contentType: type.mime,
          byteSize: upload.bytes.length,
          originalName: safeFileName(upload.originalName),
          createdByUserId: ctx.userId,
        })
        .returning();
      if (!row) throw new Error('the stored file row was not written');
      await recordAuditEvent(tx, ctx, {
        organizationId: org.id,
        action: 'organization.file_uploaded',
        entityType: 'stored_file',
        entityId: row.id,
        data: {
          purpose: input.purpose,
          contentType: type.mime,
          byteSize: row.byteSize,
          replaced: replaced.map((r) => r.id),
        },
      });
      return { row, replaced };
    })
    .catch(async (err: unknown) => {
      await deps.storage.delete(key);
      throw err;
    });
  await removeBytes(deps, written.replaced);
  return presentOrganizationFile(written.row, input.purpose);
}

/** The live file of a purpose, for every member of the organization; 404 when there is none. */
async function liveFile(
  deps: Deps,
  ctx: ActorContext,
  organizationId: string,
  purpose: OrganizationFilePurpose,
) {
  const org = await loadOrganization(deps.db, ctx, organizationId);
  authorize(organizationPolicy.viewFiles(ctx, org));
  const [row] = await liveFilesOf(deps.db, org.id, storedPurpose(purpose));
  if (!row) throw notFound('File');
  return row;
}

/** GET {id}/file?purpose: what is stored (type, size, name, when), without the bytes. */
export async function getOrganizationFile(
  deps: Deps,
  ctx: RequestContext,
  { organizationId, purpose }: { organizationId: string; purpose: OrganizationFilePurpose },
): Promise<OrganizationFile> {
  return presentOrganizationFile(await liveFile(deps, ctx, organizationId, purpose), purpose);
}

/** GET {id}/file-url-with-token/?purpose: an expiring link the browser can put in an <img>. */
export async function getOrganizationFileUrl(
  deps: Deps,
  ctx: RequestContext,
  { organizationId, purpose }: { organizationId: string; purpose: OrganizationFilePurpose },
): Promise<FileUrlResponse> {
  return fileLinkOf(deps, await liveFile(deps, ctx, organizationId, purpose));
}

/** DELETE {id}/file?purpose: admin-level; soft-deletes the row (history stays) and removes the bytes. */
export async function deleteOrganizationFile(
  deps: Deps,
  ctx: RequestContext,
  input: { organizationId: string; purpose: OrganizationFilePurpose },
): Promise<void> {
  const db = deps.db;
  const org = await loadOrganization(db, ctx, input.organizationId);
  authorize(organizationPolicy.manageFiles(ctx, org));
  const removed = await db.transaction(async (tx) => {
    const rows = await liveFilesOf(tx, org.id, storedPurpose(input.purpose));
    if (rows.length === 0) throw notFound('File');
    await tx
      .update(storedFiles)
      .set({ deletedAt: new Date() })
      .where(
        and(
          eq(storedFiles.organizationId, org.id),
          inArray(
            storedFiles.id,
            rows.map((r) => r.id),
          ),
        ),
      );
    await recordAuditEvent(tx, ctx, {
      organizationId: org.id,
      action: 'organization.file_removed',
      entityType: 'stored_file',
      entityId: rows[0]?.id ?? null,
      data: { purpose: input.purpose },
    });
    return rows;
  });
  await removeBytes(deps, removed);
}

/**
 * GET /api/files/{token}: the bytes behind a link we signed. A token that is not ours reads as not found; an
 * expired one is refused, so a leaked link stops working within minutes.
 */
export async function openLinkedFile(
  deps: Deps,
  token: string,
  rangeHeader?: string,
): Promise<{
  stream: Readable;
  contentType: string;
  originalName: string;
  byteSize: number;
  expiresAt: number;
  range: ByteRange | null;
}> {
  const claims = deps.fileLinks.verify(token);
  if (claims === 'forged') throw notFound('File');
  if (claims.expiresAt * 1000 <= Date.now())
    throw forbidden('This link has expired; open the page again for a new one');
  const row = await liveFileById(deps.db, claims.organizationId, claims.fileId);
  if (!row) throw notFound('File');
  const range = parseByteRange(rangeHeader, row.byteSize);
  if (range === 'unsatisfiable')
    throw new AppError(ErrorCode.RangeNotSatisfiable, 'The requested range is outside the file', {
      headers: { 'content-range': `bytes */${row.byteSize}` },
    });
  const stream = row.encryptionKeyId
    ? await openSealed(deps, row.storageKey, row.encryptionKeyId, range)
    : await deps.storage.get(row.storageKey, range ?? undefined);
  if (!stream) throw notFound('File');
  return {
    stream,
    contentType: row.contentType,
    originalName: row.originalName,
    byteSize: row.byteSize,
    expiresAt: claims.expiresAt,
    range,
  };
}

/**
 * A file sealed at rest (a child's proof image, ADR 039): read whole, opened with the key it names, and the range
 * cut from the plain bytes (its size and ranges are the plain file's). Null when storage holds nothing.
 */
async function openSealed(
  deps: Pick<Deps, 'storage' | 'fileKeys'>,
  storageKey: string,
  keyId: string,
  range: ByteRange | null,
): Promise<Readable | null> {
  const stream = await deps.storage.get(storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  const plain = openFileBytes(deps.fileKeys, keyId, storageKey, Buffer.concat(chunks));
  return Readable.from([range ? plain.subarray(range.start, range.end + 1) : plain]);
}
