import { and, asc, eq, isNull } from 'drizzle-orm';
import type { CheckerLabels } from '@touchline/contracts/game-day';
import { holdsAt, authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { hierarchyLevels, labels } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';

// Which labels check members in at the field (ADR 044): a flag on the label, the roles' settings. Labels belong to
// the whole organization, so like the labels themselves only admin level at the top level sets it.

async function authorizeAdmin(deps: Deps, ctx: RequestContext) {
  const [root] = await deps.db
    .select({ path: hierarchyLevels.path })
    .from(hierarchyLevels)
    .where(
      and(
        eq(hierarchyLevels.organizationId, ctx.organizationId),
        isNull(hierarchyLevels.parentId),
        isNull(hierarchyLevels.deletedAt),
      ),
    );
  authorize(
    Boolean(root) && holdsAt(ctx, 'adminLevel', root!.path),
    'Only administrators at the top level choose who checks members in',
  );
}

const plainLabels = (organizationId: string) =>
  and(eq(labels.organizationId, organizationId), isNull(labels.deletedAt), isNull(labels.role));

/** GET /api/app/game-day/checker-labels: the plain labels and whether their holders check members in. */
export async function checkerLabels(deps: Deps, ctx: RequestContext): Promise<CheckerLabels> {
  await authorizeAdmin(deps, ctx);
  const items = await deps.db
    .select({ id: labels.id, name: labels.name, checksMembersIn: labels.checksMembersIn })
    .from(labels)
    .where(plainLabels(ctx.organizationId))
    .orderBy(asc(labels.sortOrder), asc(labels.name));
  return { items };
}

/**
 * PUT /api/app/game-day/checker-labels/:id: whether the label's holders check members in (managers and above always
 * do; a role-carrying label is not listed). Another organization's label is 404. Audited.
 */
export async function setCheckerLabel(
  deps: Deps,
  ctx: RequestContext,
  labelId: string,
  checksMembersIn: boolean,
): Promise<CheckerLabels['items'][number]> {
  const [label] = await deps.db
    .select({ id: labels.id })
    .from(labels)
    .where(and(plainLabels(ctx.organizationId), eq(labels.id, labelId)));
  if (!label) throw notFound('Role');
  await authorizeAdmin(deps, ctx);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(labels)
      .set({ checksMembersIn })
      .where(and(eq(labels.organizationId, ctx.organizationId), eq(labels.id, labelId)))
      .returning({ id: labels.id, name: labels.name, checksMembersIn: labels.checksMembersIn });
    if (!row) throw notFound('Role');
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: ctx.organizationId,
        action: 'game-day.checker-label.changed',
        entityType: 'label',
        entityId: labelId,
        data: { checksMembersIn },
      },
    );
    return row;
  });
}
