import {
  childOrderMismatchMessage,
  duplicateLevelNameMessage,
  membersRemainMessage,
  type CreateLevelBody,
  type Level,
  type LevelNavigation,
  type MoveLevelBody,
  type MoveTargetsResponse,
  type OrderLevelChildrenBody,
  type RenameLevelBody,
} from '@touchline/contracts/hierarchy';
import type { ActorContext } from '../../authz/actor-context.ts';
import { authorize, reachablePaths } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';
import { levelPolicy } from './hierarchy.policy.ts';
import { presentLevel, presentMoveTargets, presentNavigation } from './hierarchy.presenter.ts';
import {
  countMembersInSubtree,
  findLevel,
  findLevels,
  insertLevel,
  listChildren,
  listLevelsUnder,
  lockTree,
  memberCountsBelow,
  moveSubtree,
  nextSortOrder,
  setChildOrder,
  siblingNameTaken,
  softDeleteSubtree,
  updateLevelName,
  type LevelRow,
} from './hierarchy.queries.ts';

/** The audit events of the level tree, all on entity type 'hierarchy_level'. */
const entityType = 'hierarchy_level';

/** What the level-tree use cases reach: the database only. */
type HierarchyDeps = Pick<Deps, 'db'>;

async function loadLevel(tx: Executor, ctx: ActorContext, id: string): Promise<LevelRow> {
  const level = await findLevel(tx, ctx.organizationId, id);
  if (!level) throw notFound('Level');
  return level;
}

async function ensureNameFree(
  tx: Executor,
  ctx: ActorContext,
  parentId: string,
  name: string,
  field: 'name' | 'parentId',
  exceptId?: string,
): Promise<void> {
  if (await siblingNameTaken(tx, ctx.organizationId, parentId, name, exceptId))
    throw invalid([{ field, in: 'body', message: duplicateLevelNameMessage }]);
}

/** GET …/{id}/navigation: the level, its breadcrumb and its children with counts, as the actor may see them. */
export async function getLevelNavigation(
  deps: HierarchyDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<LevelNavigation> {
  return deps.db.transaction(async (tx) => {
    const level = await loadLevel(tx, ctx, id);
    authorize(levelPolicy.view(ctx, level), 'You do not have access to this level');
    const ancestorIds = level.path.split('/').filter((segment) => segment !== '' && segment !== level.id);
    const ancestors = await findLevels(tx, ctx.organizationId, ancestorIds);
    const children = await listChildren(tx, ctx.organizationId, level.id);
    const memberCounts = await memberCountsBelow(tx, ctx.organizationId, level.path);
    return presentNavigation(ctx, { level, ancestors, children, memberCounts });
  });
}

/** GET …/{id}/move-targets: where the actor may move the level, for the move dialog's picker. */
export async function listMoveTargets(
  deps: HierarchyDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<MoveTargetsResponse> {
  return deps.db.transaction(async (tx) => {
    const level = await loadLevel(tx, ctx, id);
    authorize(levelPolicy.move(ctx, level));
    if (level.parentId === null) return { items: [] };
    const candidates = await listLevelsUnder(tx, ctx.organizationId, reachablePaths(ctx, 'adminLevel'));
    return { items: presentMoveTargets(ctx, level, candidates) };
  });
}

/** POST /api/app/hierarchy-level: adds a level under a parent where the actor is admin level. */
export async function createLevel(
  deps: HierarchyDeps,
  ctx: RequestContext,
  body: CreateLevelBody,
): Promise<Level> {
  return deps.db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const parent = await loadLevel(tx, ctx, body.parentId);
    authorize(levelPolicy.createChild(ctx, parent));
    await ensureNameFree(tx, ctx, parent.id, body.name, 'name');
    const sortOrder = await nextSortOrder(tx, ctx.organizationId, parent.id);
    const level = await insertLevel(tx, ctx.organizationId, parent, body.name, sortOrder);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'level.created',
      entityType,
      entityId: level.id,
      data: { name: level.name, parentId: parent.id },
    });
    return presentLevel(level);
  });
}

/** PUT …/{id}: renames a level (the top level too; the organization keeps its own name). */
export async function renameLevel(
  deps: HierarchyDeps,
  ctx: RequestContext,
  { id, ...body }: RenameLevelBody & { id: string },
): Promise<Level> {
  return deps.db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const level = await loadLevel(tx, ctx, id);
    authorize(levelPolicy.rename(ctx, level));
    if (level.name === body.name) return presentLevel(level);
    if (level.parentId) await ensureNameFree(tx, ctx, level.parentId, body.name, 'name', level.id);
    await updateLevelName(tx, ctx.organizationId, level.id, body.name);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'level.renamed',
      entityType,
      entityId: level.id,
      data: { from: level.name, to: body.name },
    });
    return presentLevel({ ...level, name: body.name });
  });
}

/**
 * POST …/{id}/move: moves a level with its whole subtree under a new parent. Needs admin level at both ends; the
 * top level, and a move into the level's own subtree, are refused (409).
 */
export async function moveLevel(
  deps: HierarchyDeps,
  ctx: RequestContext,
  { id, ...body }: MoveLevelBody & { id: string },
): Promise<Level> {
  return deps.db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const level = await loadLevel(tx, ctx, id);
    authorize(levelPolicy.move(ctx, level));
    if (level.parentId === null) throw conflict('The top level of an organization cannot be moved');
    const target = await loadLevel(tx, ctx, body.parentId);
    authorize(levelPolicy.moveInto(ctx, target), 'You do not have permission to move levels there');
    if (target.path.startsWith(level.path))
      throw conflict('A level cannot be moved into itself or into a level below it');
    if (target.id === level.parentId) return presentLevel(level);
    await ensureNameFree(tx, ctx, target.id, level.name, 'parentId', level.id);
    const sortOrder = await nextSortOrder(tx, ctx.organizationId, target.id);
    const moved = await moveSubtree(tx, ctx.organizationId, level, target, sortOrder);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'level.moved',
      entityType,
      entityId: level.id,
      data: { fromParentId: level.parentId, toParentId: target.id, levels: moved },
    });
    await refreshMemberRequirements(tx, ctx.organizationId, { underLevelId: level.id });
    return presentLevel({ ...level, parentId: target.id, depth: target.depth + 1, sortOrder });
  });
}

/**
 * DELETE …/{id}: soft-deletes a level and everything below it, refused (409) for the top level and while a live
 * membership remains anywhere in the subtree (compliance history must stay reachable).
 */
export async function deleteLevel(
  deps: HierarchyDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const level = await loadLevel(tx, ctx, id);
    authorize(levelPolicy.delete(ctx, level));
    if (level.parentId === null) throw conflict('The top level of an organization cannot be deleted');
    const members = await countMembersInSubtree(tx, ctx.organizationId, level.path);
    if (members > 0) throw conflict(membersRemainMessage(members));
    const deleted = await softDeleteSubtree(tx, ctx.organizationId, level.path);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'level.deleted',
      entityType,
      entityId: level.id,
      data: { name: level.name, parentId: level.parentId, levels: deleted },
    });
  });
}

/** PUT …/{id}/order: puts the level's children in the given order; the list must name each child once. */
export async function orderLevelChildren(
  deps: HierarchyDeps,
  ctx: RequestContext,
  { id, ...body }: OrderLevelChildrenBody & { id: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockTree(tx, ctx.organizationId);
    const level = await loadLevel(tx, ctx, id);
    authorize(levelPolicy.reorder(ctx, level));
    const children = await listChildren(tx, ctx.organizationId, level.id);
    const childIds = new Set(children.map((c) => c.id));
    const sent = new Set(body.childIds);
    if (
      sent.size !== body.childIds.length ||
      sent.size !== childIds.size ||
      ![...sent].every((c) => childIds.has(c))
    )
      throw invalid([{ field: 'childIds', in: 'body', message: childOrderMismatchMessage }]);
    await setChildOrder(tx, ctx.organizationId, level.id, body.childIds);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'level.reordered',
      entityType,
      entityId: level.id,
      data: { childIds: body.childIds },
    });
  });
}
