import {
  defaultLabelRoleMessage,
  deleteDefaultLabelMessage,
  duplicateLabelNameMessage,
  keepADefaultMessage,
  labelInUseMessage,
  labelOrderMismatchMessage,
  lastAdminLabelMessage,
  type CreateLabelBody,
  type ManagedLabelsResponse,
  type OrderLabelsBody,
  type UpdateLabelBody,
} from '@touchline/contracts/labels';
import type { MemberLabel } from '@touchline/contracts/member-admin';
import { Role } from '@touchline/contracts/roles';
import type { ActorContext } from '../../authz/actor-context.ts';
import { liveRootLevel, lockOrganizationRow, lockRootAdminAccesses } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { labelPolicy } from './labels.policy.ts';
import { presentLabel, presentManagedLabel } from './labels.presenter.ts';
import {
  clearOtherDefaults,
  countLiveAccesses,
  findLabelForUpdate,
  insertLabel,
  labelNameTaken,
  labelsWithMemberCounts,
  liveLabelIds,
  setLabelOrder,
  softDeleteLabel,
  updateLabelRow,
  type LabelRow,
} from './labels.queries.ts';

/** The audit events of the labels, all on entity type 'label'. */
const entityType = 'label';

/** Said to anyone below admin level at the top level. */
const manageRefusal = 'Only an Admin at the top level of the organization can manage roles';

/** What the label use cases reach: the database only. */
type LabelDeps = Pick<Deps, 'db'>;

/** 403 unless the actor is admin level at the organization's top level. */
async function authorizeManage(tx: Executor, ctx: ActorContext): Promise<void> {
  const root = await liveRootLevel(tx, ctx.organizationId);
  authorize(root !== undefined && labelPolicy.manage(ctx, root), manageRefusal);
}

async function loadLabel(tx: Executor, ctx: ActorContext, id: string): Promise<LabelRow> {
  const label = await findLabelForUpdate(tx, ctx.organizationId, id);
  if (!label) throw notFound('Role');
  return label;
}

async function ensureNameFree(tx: Executor, ctx: ActorContext, name: string, exceptId?: string) {
  if (await labelNameTaken(tx, ctx.organizationId, name, exceptId))
    throw invalid([{ field: 'name', in: 'body', message: duplicateLabelNameMessage }]);
}

/** The field errors of a change that would leave no default, or a default carrying an organization role. */
function checkDefaultRules(label: LabelRow, body: UpdateLabelBody): void {
  if (body.isDefault === false && label.isDefault)
    throw invalid([{ field: 'isDefault', in: 'body', message: keepADefaultMessage }]);
  const role = body.role === undefined ? label.role : body.role;
  const isDefault = body.isDefault === true || label.isDefault;
  if (isDefault && role !== null) {
    const field = body.role !== undefined && body.role !== null ? 'role' : 'isDefault';
    throw invalid([{ field, in: 'body', message: defaultLabelRoleMessage }]);
  }
}

/** 409 when the label is the only one giving Admin at the top level and would stop giving it. */
async function keepARootAdmin(tx: Executor, ctx: ActorContext, label: LabelRow, role: string | null) {
  if (label.role !== Role.Admin || role === Role.Admin) return;
  const holders = await lockRootAdminAccesses(tx, ctx.organizationId);
  if (holders.some((h) => h.labelId === label.id) && holders.every((h) => h.labelId === label.id))
    throw conflict(lastAdminLabelMessage);
}

/** GET /api/app/labels/management: the labels with their member counts, for the top level's administrators. */
export async function listManagedLabels(
  deps: LabelDeps,
  ctx: RequestContext,
): Promise<ManagedLabelsResponse> {
  return deps.db.transaction(async (tx) => {
    await authorizeManage(tx, ctx);
    const rows = await labelsWithMemberCounts(tx, ctx.organizationId);
    return { items: rows.map((row) => presentManagedLabel(ctx, row)) };
  });
}

/** POST /api/app/labels: adds a label after the others; never the default, so it may carry a role. */
export async function createLabel(
  deps: LabelDeps,
  ctx: RequestContext,
  body: CreateLabelBody,
): Promise<MemberLabel> {
  return deps.db.transaction(async (tx) => {
    await lockOrganizationRow(tx, ctx.organizationId);
    await authorizeManage(tx, ctx);
    await ensureNameFree(tx, ctx, body.name);
    const label = await insertLabel(tx, ctx.organizationId, { name: body.name, role: body.role });
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'label.created',
      entityType,
      entityId: label.id,
      data: { name: label.name, role: label.role },
    });
    return presentLabel(ctx, label);
  });
}

/**
 * PUT /api/app/labels/{id}: renames a label, makes it the default (the previous default stops being one) and/or
 * changes the organization role it carries. The default never carries a role; the last label giving Admin at the
 * top level keeps it (409). One audit event per change, in the same transaction.
 */
export async function updateLabel(
  deps: LabelDeps,
  ctx: RequestContext,
  { id, ...body }: UpdateLabelBody & { id: string },
): Promise<MemberLabel> {
  return deps.db.transaction(async (tx) => {
    await lockOrganizationRow(tx, ctx.organizationId);
    const label = await loadLabel(tx, ctx, id);
    await authorizeManage(tx, ctx);
    checkDefaultRules(label, body);
    const name = body.name ?? label.name;
    const role = body.role === undefined ? label.role : body.role;
    const makeDefault = body.isDefault === true && !label.isDefault;
    if (name === label.name && role === label.role && !makeDefault) return presentLabel(ctx, label);
    if (name !== label.name) await ensureNameFree(tx, ctx, name, label.id);
    if (role !== label.role) await keepARootAdmin(tx, ctx, label, role);
    const audit = ctx;
    const event = { organizationId: ctx.organizationId, entityType, entityId: label.id };
    const previousDefaults = makeDefault ? await clearOtherDefaults(tx, ctx.organizationId, label.id) : [];
    await updateLabelRow(tx, ctx.organizationId, label.id, {
      name,
      role,
      isDefault: label.isDefault || makeDefault,
    });
    if (name !== label.name)
      await recordAuditEvent(tx, audit, {
        ...event,
        action: 'label.renamed',
        data: { from: label.name, to: name },
      });
    if (makeDefault)
      await recordAuditEvent(tx, audit, {
        ...event,
        action: 'label.default_changed',
        data: { fromLabelIds: previousDefaults, toLabelId: label.id },
      });
    if (role !== label.role)
      await recordAuditEvent(tx, audit, {
        ...event,
        action: 'label.role_changed',
        data: { from: label.role, to: role },
      });
    return presentLabel(ctx, { ...label, name, role, isDefault: label.isDefault || makeDefault });
  });
}

/**
 * DELETE /api/app/labels/{id}: soft-deletes a label, refused (409) for the default and while live memberships hold
 * it (change their role first: archived ones keep it for history).
 */
export async function deleteLabel(deps: LabelDeps, ctx: RequestContext, { id }: { id: string }) {
  await deps.db.transaction(async (tx) => {
    await lockOrganizationRow(tx, ctx.organizationId);
    const label = await loadLabel(tx, ctx, id);
    await authorizeManage(tx, ctx);
    if (label.isDefault) throw conflict(deleteDefaultLabelMessage);
    const holders = await countLiveAccesses(tx, ctx.organizationId, label.id);
    if (holders > 0) throw conflict(labelInUseMessage(holders));
    await softDeleteLabel(tx, ctx.organizationId, label.id);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'label.deleted',
      entityType,
      entityId: label.id,
      data: { name: label.name, role: label.role },
    });
  });
}

/** PUT /api/app/labels/order: puts the labels in the given order; the list must name each live label once. */
export async function orderLabels(deps: LabelDeps, ctx: RequestContext, body: OrderLabelsBody) {
  await deps.db.transaction(async (tx) => {
    await lockOrganizationRow(tx, ctx.organizationId);
    await authorizeManage(tx, ctx);
    const current = new Set(await liveLabelIds(tx, ctx.organizationId));
    const sent = new Set(body.labelIds);
    if (
      sent.size !== body.labelIds.length ||
      sent.size !== current.size ||
      ![...sent].every((l) => current.has(l))
    )
      throw invalid([{ field: 'labelIds', in: 'body', message: labelOrderMismatchMessage }]);
    await setLabelOrder(tx, ctx.organizationId, body.labelIds);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'labels.reordered',
      entityType,
      data: { labelIds: body.labelIds },
    });
  });
}
