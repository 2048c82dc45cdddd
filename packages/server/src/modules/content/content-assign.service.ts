import type { Deps, RequestContext } from '../../deps.ts';
import type { AssignContentBody, ContentAssignment } from '@touchline/contracts/content';
import type { ValidationError } from '@touchline/contracts/errors';
import { comingSoonMessage, isRequirementTypeAvailable } from '@touchline/contracts/requirement-types';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { invalid } from '../../errors.ts';
import { contentPolicy } from './content.policy.ts';
import { presentAssignment } from './content.presenter.ts';
import {
  assignmentsOf,
  insertAssignments,
  labelIdsAmong,
  levelsByIds,
  softDeleteAssignments,
} from './content.queries.ts';
import { refreshAfterContentChange } from './content.refresh.ts';
import { authorizeRead, entityType, loadDefinition } from './content.support.ts';

const pairKey = (p: { hierarchyLevelId: string; labelId: string }) => `${p.hierarchyLevelId}:${p.labelId}`;
const assignRefusal = 'Only an Admin at a level can assign requirements there';

/** GET {id}/content-assignments: where a definition applies. */
export async function listAssignments(
  deps: Deps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<{ items: ContentAssignment[] }> {
  authorizeRead(ctx);
  return deps.db.transaction(async (tx) => {
    const row = await loadDefinition(tx, ctx, id);
    return { items: (await assignmentsOf(tx, ctx.organizationId, row.id)).map(presentAssignment) };
  });
}

/**
 * POST {id}/assign-content: replaces the definition's assignments with the given set. Each one added or removed
 * needs admin level at its level (ADR 013); removed ones are soft-deleted so history says what applied when.
 * Members' requirements are re-derived after the change commits.
 */
export async function assignContent(
  deps: Deps,
  ctx: RequestContext,
  { id, ...body }: AssignContentBody & { id: string },
): Promise<{ items: ContentAssignment[] }> {
  authorizeRead(ctx);
  return deps.db.transaction(async (tx) => {
    const row = await loadDefinition(tx, ctx, id);
    const wanted = [...new Map(body.contentAssignments.map((p) => [pairKey(p), p])).values()];
    const levels = new Map(
      (await levelsByIds(tx, ctx.organizationId, [...new Set(wanted.map((p) => p.hierarchyLevelId))])).map(
        (l) => [l.id, l],
      ),
    );
    const labels = new Set(
      await labelIdsAmong(tx, ctx.organizationId, [...new Set(wanted.map((p) => p.labelId))]),
    );
    const errors: ValidationError[] = body.contentAssignments.flatMap((p, i) => [
      ...(levels.has(p.hierarchyLevelId)
        ? []
        : [
            {
              field: `contentAssignments.${i}.hierarchyLevelId`,
              in: 'body' as const,
              message: 'No such level',
            },
          ]),
      ...(labels.has(p.labelId)
        ? []
        : [{ field: `contentAssignments.${i}.labelId`, in: 'body' as const, message: 'No such role' }]),
    ]);
    if (errors.length > 0) throw invalid(errors);
    const current = await assignmentsOf(tx, ctx.organizationId, row.id);
    const currentKeys = new Set(current.map(pairKey));
    const wantedKeys = new Set(wanted.map(pairKey));
    const added = wanted.filter((p) => !currentKeys.has(pairKey(p)));
    const removed = current.filter((a) => !wantedKeys.has(pairKey(a)));
    for (const p of added)
      authorize(
        contentPolicy.assignAt(ctx, { path: levels.get(p.hierarchyLevelId)?.path ?? '' }),
        assignRefusal,
      );
    for (const a of removed) authorize(contentPolicy.assignAt(ctx, { path: a.levelPath }), assignRefusal);
    // A type members cannot complete yet is never assigned anew; removing old assignments stays possible.
    if (added.length > 0 && !isRequirementTypeAvailable(row.type))
      throw invalid(
        [{ field: 'contentAssignments', in: 'body', message: comingSoonMessage(row.type) }],
        comingSoonMessage(row.type),
      );
    await softDeleteAssignments(
      tx,
      ctx.organizationId,
      removed.map((a) => a.id),
    );
    await insertAssignments(tx, ctx.organizationId, row.id, ctx.userId, added);
    if (added.length > 0 || removed.length > 0)
      await recordAuditEvent(tx, ctx, {
        organizationId: ctx.organizationId,
        action: 'content.assignments_changed',
        entityType,
        entityId: row.id,
        data: {
          added,
          removed: removed.map((a) => ({ hierarchyLevelId: a.hierarchyLevelId, labelId: a.labelId })),
        },
      });
    if (added.length > 0 || removed.length > 0) await refreshAfterContentChange(tx, ctx.organizationId);
    const items = (await assignmentsOf(tx, ctx.organizationId, row.id)).map(presentAssignment);
    return { items };
  });
}
