import { eq } from 'drizzle-orm';
import { type Condition } from '@touchline/contracts/conditions';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { memberConditions, storedFiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { newStorageKey } from '../../storage/storage.ts';
import { completeDocument } from '../requirements/requirement-files.service.ts';
import { clearanceHandedIn, clearanceRequirementOf } from './clearance-requirement.service.ts';

import { conditionOf, presentCondition, viewOf, type ConditionDeps } from './conditions.service.ts';

// The return-to-play clearance a member (or guardian) hands in to lift a condition, and reading it back (ADR 040).
export type CheckedFileUpload = { bytes: Buffer; originalName: string; contentType: string };

/**
 * POST /api/app/profile/{id}/condition-clearance/{conditionId} (ours): the member or guardian (or a reviewer) hands in
 * the written clearance of a condition lifted by a document. One path with the requirement page (ADR 040): while the
 * member's clearance requirement is open, the file completes it (complete-document), and that upload marks the
 * conditions and tells their reviewers ({@link clearanceHandedIn}); otherwise (none, or one already waits in the
 * queue) the file is the condition's own and the same function marks it and tells them.
 */
export async function submitClearance(
  deps: Deps,
  ctx: RequestContext,
  input: { profileId: string; conditionId: string; read: () => Promise<CheckedFileUpload> },
): Promise<Condition> {
  const { view } = await viewOf(deps.db, ctx, input.profileId);
  authorize(
    view === 'manager' || view === 'member',
    'Only the member, their guardian or a reviewer hands in a clearance',
  );
  const row = await conditionOf(deps.db, ctx, input.profileId, input.conditionId);
  if (row.status === 'Lifted' || row.liftedBy !== 'Document')
    throw conflict('This condition takes no clearance document');
  const upload = await input.read();
  const open = await clearanceRequirementOf(deps.db, ctx.organizationId, input.profileId);
  if (open?.plaId && !open.pendingReview) {
    await completeDocument(deps, ctx, {
      definitionId: open.definitionId,
      plaId: open.plaId,
      read: async () => [{ bytes: upload.bytes, originalName: upload.originalName }],
    });
    const [saved] = await deps.db.select().from(memberConditions).where(eq(memberConditions.id, row.id));
    if (!saved) throw notFound('Condition');
    return presentCondition(saved, deps.clock(), upload.originalName);
  }
  const key = newStorageKey();
  await deps.storage.put(key, upload.bytes, upload.contentType);
  const now = deps.clock();
  try {
    const saved = await deps.db.transaction(async (tx) => {
      const [file] = await tx
        .insert(storedFiles)
        .values({
          organizationId: ctx.organizationId,
          purpose: 'condition-clearance',
          storageKey: key,
          contentType: upload.contentType,
          byteSize: upload.bytes.length,
          originalName: upload.originalName,
          createdByUserId: ctx.userId,
        })
        .returning({ id: storedFiles.id });
      if (!file) throw new Error('the clearance file row was not written');
      const [updated] = await clearanceHandedIn(deps, tx, ctx, {
        profileId: input.profileId,
        storedFileId: file.id,
        conditionIds: [row.id],
        now,
      });
      if (!updated) throw notFound('Condition');
      return updated;
    });
    return presentCondition(saved, now, upload.originalName);
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** GET /api/app/profile/{id}/condition-clearance/{conditionId} (ours): the clearance for its reviewer or member, audited. */
export async function readClearance(
  deps: ConditionDeps,
  ctx: RequestContext,
  profileId: string,
  conditionId: string,
) {
  const { view } = await viewOf(deps.db, ctx, profileId);
  authorize(
    view === 'manager' || view === 'member',
    'Only the member, their guardian or a reviewer sees a clearance',
  );
  const row = await conditionOf(deps.db, ctx, profileId, conditionId);
  if (!row.clearanceFileId) throw notFound('Clearance');
  const [file] = await deps.db.select().from(storedFiles).where(eq(storedFiles.id, row.clearanceFileId));
  const stream = file ? await deps.storage.get(file.storageKey) : null;
  if (!file || !stream) throw notFound('Clearance');
  await recordAuditEvent(
    deps.db,
    { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
    {
      organizationId: ctx.organizationId,
      action: 'condition.clearance_read',
      entityType: 'member_condition',
      entityId: row.id,
    },
  );
  return { stream, contentType: file.contentType, originalName: file.originalName, byteSize: file.byteSize };
}

/**
 * The daily sweep of conditions whose end passed (ADR 040): a restriction `until` a day stops standing the day after,
 * so those members' overall statuses are re-derived. Idempotent (a re-derivation writes only what changed); it looks
 * back a week, so a missed night is caught up.
 */
