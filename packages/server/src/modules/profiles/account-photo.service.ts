import type { Deps, RequestContext } from '../../deps.ts';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import {
  profilePhotoMimeTypes,
  profilePhotoWrongTypeMessage,
  type AccountPhoto,
} from '@touchline/contracts/account';
import type { ActorContext } from '../../authz/actor-context.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import { profiles, storedFiles } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';
import { newStorageKey } from '../../storage/storage.ts';
import { storedFileOf } from './account.queries.ts';
import { profilePhotoDetails, profilePhotoPurpose } from './profile-photo.ts';

/** A photo as the route read it from the multipart body; the name is the browser's, kept only to show it. */
export type PhotoUpload = { bytes: Buffer; fileName: string | undefined };

/** The last segment of a browser-given name without control characters, or 'photo'. */
function displayName(name: string | undefined): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  const printable = Array.from(last)
    .filter((ch) => (ch.codePointAt(0) ?? 0) >= 32 && ch !== '\u007f')
    .join('')
    .trim()
    .slice(-200);
  return printable === '' || printable === '.' || printable === '..' ? 'photo' : printable;
}

const accepted: readonly string[] = profilePhotoMimeTypes;

/** The current profile, locked for the change, so two uploads at once cannot both replace the same old photo. */
async function lockCurrentProfile(tx: Transaction, ctx: ActorContext) {
  const [row] = await tx
    .select({ id: profiles.id, photoFileId: profiles.photoFileId })
    .from(profiles)
    .where(and(eq(profiles.organizationId, ctx.organizationId), eq(profiles.id, ctx.profileId)))
    .for('update');
  if (!row) throw notFound('Profile');
  return row;
}

/** Soft-deletes the profile's current photo row (history stays) and gives its storage key, to remove after commit. */
async function retirePhoto(tx: Transaction, ctx: ActorContext, fileId: string | null) {
  const old = fileId ? await storedFileOf(tx, ctx.organizationId, fileId) : undefined;
  if (!old) return null;
  await tx
    .update(storedFiles)
    .set({ deletedAt: new Date() })
    .where(and(eq(storedFiles.organizationId, ctx.organizationId), eq(storedFiles.id, old.id)));
  return old.storageKey;
}

/** Removes bytes no row points at now; a failure only leaves an orphan, so it is logged, not raised. */
async function removeBytes(deps: Deps, key: string | null) {
  if (!key) return;
  await deps.storage.delete(key).catch((err: unknown) => {
    deps.log.warn({ err }, 'could not remove a replaced profile photo from storage');
  });
}

/**
 * POST /api/app/account/photo: stores the current profile's photo (spec §3, the webcam's field `photo`), replacing
 * the old one. The type comes from the bytes (PNG, JPEG or WebP), never the name or the declared type. The bytes
 * are written first and removed again if the change does not commit.
 */
export async function uploadAccountPhoto(
  deps: Deps,
  ctx: RequestContext,
  upload: PhotoUpload,
): Promise<AccountPhoto> {
  const type = upload.bytes.length > 0 ? await fileTypeFromBuffer(upload.bytes) : undefined;
  if (!type || !accepted.includes(type.mime))
    throw invalid(
      [{ field: 'photo', in: 'body', message: profilePhotoWrongTypeMessage }],
      profilePhotoWrongTypeMessage,
    );
  const key = newStorageKey();
  await deps.storage.put(key, upload.bytes, type.mime);
  const { file, oldKey } = await deps.db
    .transaction(async (tx) => {
      const profile = await lockCurrentProfile(tx, ctx);
      const retired = await retirePhoto(tx, ctx, profile.photoFileId);
      const [row] = await tx
        .insert(storedFiles)
        .values({
          organizationId: ctx.organizationId,
          purpose: profilePhotoPurpose,
          storageKey: key,
          contentType: type.mime,
          byteSize: upload.bytes.length,
          originalName: displayName(upload.fileName),
          createdByUserId: ctx.userId,
        })
        .returning();
      if (!row) throw new Error('the stored file row was not written');
      await tx
        .update(profiles)
        .set({ photoFileId: row.id, updatedAt: new Date() })
        .where(and(eq(profiles.organizationId, ctx.organizationId), eq(profiles.id, ctx.profileId)));
      await recordAuditEvent(tx, ctx, {
        organizationId: ctx.organizationId,
        action: 'profile.photo_replaced',
        entityType: 'profile',
        entityId: ctx.profileId,
        data: { fileId: row.id, contentType: type.mime, byteSize: row.byteSize },
      });
      return { file: row, oldKey: retired };
    })
    .catch(async (err: unknown) => {
      await deps.storage.delete(key);
      throw err;
    });
  await removeBytes(deps, oldKey);
  return profilePhotoDetails(deps, { organizationId: file.organizationId, photoFileId: file.id });
}

/** DELETE /api/app/account/photo: removes the current profile's photo; 404 when it has none. */
export async function removeAccountPhoto(deps: Deps, ctx: RequestContext): Promise<void> {
  const oldKey = await deps.db.transaction(async (tx) => {
    const profile = await lockCurrentProfile(tx, ctx);
    if (!profile.photoFileId) throw notFound('Photo');
    const retired = await retirePhoto(tx, ctx, profile.photoFileId);
    await tx
      .update(profiles)
      .set({ photoFileId: null, updatedAt: new Date() })
      .where(and(eq(profiles.organizationId, ctx.organizationId), eq(profiles.id, ctx.profileId)));
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.photo_removed',
      entityType: 'profile',
      entityId: ctx.profileId,
      data: { fileId: profile.photoFileId },
    });
    return retired;
  });
  await removeBytes(deps, oldKey);
}
