import { and, eq, isNull } from 'drizzle-orm';
import type { Incident } from '@touchline/contracts/incidents';
import { recordAuditEvent } from '../../db/audit.ts';
import { incidentDocuments, incidentHistory, storedFiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { newStorageKey } from '../../storage/storage.ts';
import type { CheckedFileUpload } from './condition-clearance.service.ts';
import { getIncident, loadReadableIncident } from './incidents.service.ts';
import { profileNames } from './incidents.queries.ts';

type DocumentDeps = Pick<Deps, 'db' | 'jobs' | 'appUrl' | 'clock' | 'storage'>;

/**
 * POST /api/app/incident/{id}/incident-document (ours): photos and medical notes, by the incident's reviewers or its
 * reporter, under the uploads' acceptance rule (ADR 020); a history entry names the file. Answers the incident.
 */
export async function uploadIncidentDocuments(
  deps: DocumentDeps,
  ctx: RequestContext,
  input: { incidentId: string; read: () => Promise<CheckedFileUpload[]> },
): Promise<Incident> {
  await loadReadableIncident(deps.db, ctx, input.incidentId);
  const uploads = await input.read();
  const keys: string[] = [];
  try {
    for (const upload of uploads) {
      const key = newStorageKey();
      keys.push(key);
      await deps.storage.put(key, upload.bytes, upload.contentType);
    }
    await deps.db.transaction(async (tx) => {
      const names = await profileNames(tx, ctx.organizationId, [ctx.profileId]);
      for (const [i, upload] of uploads.entries()) {
        const [file] = await tx
          .insert(storedFiles)
          .values({
            organizationId: ctx.organizationId,
            purpose: 'incident-document',
            storageKey: keys[i] ?? '',
            contentType: upload.contentType,
            byteSize: upload.bytes.length,
            originalName: upload.originalName,
            createdByUserId: ctx.userId,
          })
          .returning({ id: storedFiles.id });
        if (!file) throw new Error('the stored file row was not written');
        await tx.insert(incidentDocuments).values({
          organizationId: ctx.organizationId,
          incidentId: input.incidentId,
          fileId: file.id,
          uploadedByProfileId: ctx.profileId,
        });
      }
      await tx.insert(incidentHistory).values({
        organizationId: ctx.organizationId,
        incidentId: input.incidentId,
        actorUserId: ctx.userId,
        actorProfileId: ctx.profileId,
        actorName: names.get(ctx.profileId) ?? 'Unknown',
        action: 'documents_added',
        changes: { documents: { from: null, to: uploads.map((u) => u.originalName) } },
      });
      await recordAuditEvent(
        tx,
        { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
        {
          organizationId: ctx.organizationId,
          action: 'incident.documents_added',
          entityType: 'incident',
          entityId: input.incidentId,
          data: { count: uploads.length },
        },
      );
    });
  } catch (err) {
    await Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));
    throw err;
  }
  return getIncident(deps, ctx, input.incidentId);
}

/** GET /api/app/incident/{id}/incident-document/{docId}: the blob, for whoever may read the incident; audited. */
export async function readIncidentDocument(
  deps: DocumentDeps,
  ctx: RequestContext,
  input: { incidentId: string; documentId: string },
) {
  await loadReadableIncident(deps.db, ctx, input.incidentId);
  const [file] = await deps.db
    .select({
      storageKey: storedFiles.storageKey,
      contentType: storedFiles.contentType,
      originalName: storedFiles.originalName,
      byteSize: storedFiles.byteSize,
    })
    .from(incidentDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, incidentDocuments.fileId))
    .where(
      and(
        eq(incidentDocuments.id, input.documentId),
        eq(incidentDocuments.incidentId, input.incidentId),
        eq(incidentDocuments.organizationId, ctx.organizationId),
        isNull(incidentDocuments.archivedAt),
      ),
    );
  const stream = file ? await deps.storage.get(file.storageKey) : null;
  if (!file || !stream) throw notFound('Incident document');
  await recordAuditEvent(
    deps.db,
    { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    {
      organizationId: ctx.organizationId,
      action: 'incident.document_read',
      entityType: 'incident',
      entityId: input.incidentId,
      data: { documentId: input.documentId },
    },
  );
  return { stream, contentType: file.contentType, originalName: file.originalName, byteSize: file.byteSize };
}
