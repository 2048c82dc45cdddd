import type { Deps, RequestContext } from '../../deps.ts';
import { isDeepStrictEqual } from 'node:util';
import {
  contentKindMismatchMessage,
  contentOrderMismatchMessage,
  type ContentBase,
  type ContentDefinition,
  type ContentListResponse,
  type SaveContentBody,
} from '@touchline/contracts/content';
import type { MemberContentResponse } from '@touchline/contracts/requirement-completion';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { lockOrganizationRow } from '../../authz/live-queries.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import { presentContent, presentListItem } from './content.presenter.ts';
import {
  findDefinition,
  insertDefinition,
  insertFormVersion,
  latestFormVersion,
  listDefinitions,
  setDefinitionOrder,
  softDeleteDefinition,
  updateDefinition,
  type DefinitionRow,
} from './content.queries.ts';
import { memberFormSubmission } from '../requirements/requirements.service.ts';
import { requireOwnBackgroundCheckClient } from '../background-checks/background-checks.service.ts';
import { refreshAfterContentChange } from './content.refresh.ts';
import { authorize } from '../../authz/rules.ts';
import { contentPolicy } from './content.policy.ts';
import {
  authorizeManage,
  authorizeRead,
  canManage,
  checkContentFile,
  contentFileOf,
  definitionAnswer,
  entityType,
  formVersionOf,
  holdsActiveRequirement,
  loadDefinition,
  parseBase,
  parseContent,
  typeOfKind,
} from './content.support.ts';

/** GET /api/app/content?organizationId: the library in its order, for admins. */
export async function listContent(
  deps: Deps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
): Promise<ContentListResponse> {
  authorizeRead(ctx, organizationId);
  return deps.db.transaction(async (tx) => {
    const items = (await listDefinitions(tx, ctx.organizationId)).map(presentListItem);
    return { items, totalCount: items.length, canManage: await canManage(tx, ctx) };
  });
}

/** GET name-list/{organizationId}: id, name and type of each definition, for pickers. */
export async function contentNameList(
  deps: Deps,
  ctx: RequestContext,
  { organizationId }: { organizationId: string },
) {
  authorizeRead(ctx, organizationId);
  const rows = await listDefinitions(deps.db, ctx.organizationId);
  return { items: rows.map((r) => ({ id: r.id, name: r.name, type: presentListItem(r).type })) };
}

/** GET content-library/{id}: one definition with its content and assignments. */
export async function getDefinition(
  deps: Deps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<ContentDefinition> {
  authorizeRead(ctx);
  return deps.db.transaction(async (tx) =>
    definitionAnswer(deps, tx, ctx, await loadDefinition(tx, ctx, id)),
  );
}

/**
 * GET content-{kind}/{id}: a definition's type-specific content; a definition of another kind is not found. With
 * `plaId` it is read as that member's requirement (the member, their guardian or their managers may) and carries
 * their live form answers; without, for admins and the members who must complete it.
 */
export async function getDefinitionContent(
  deps: Deps,
  ctx: RequestContext,
  input: { kind: string; id: string; plaId?: string | undefined },
): Promise<MemberContentResponse> {
  return deps.db.transaction(async (tx) => {
    const row = await loadDefinition(tx, ctx, input.id);
    const { plaId } = input;
    const submission = plaId
      ? await memberFormSubmission(tx, ctx, { definitionId: row.id, plaId })
      : undefined;
    if (!plaId)
      authorize(
        contentPolicy.readAssigned(ctx, await holdsActiveRequirement(tx, ctx, row.id)),
        'Only an Admin, or a member who must complete it, can see this requirement',
      );
    if (row.type !== typeOfKind(input.kind)) throw notFound('Requirement');
    const content = presentContent(row, {
      formVersion: await formVersionOf(tx, row),
      file: await contentFileOf(deps, tx, row),
    });
    return submission === undefined ? content : { ...content, submission };
  });
}

/** PUT content-order: the library in the given order; the list must name each live definition once. */
export async function orderContent(deps: Deps, ctx: RequestContext, { ids }: { ids: string[] }) {
  await deps.db.transaction(async (tx) => {
    await lockOrganizationRow(tx, ctx.organizationId);
    await authorizeManage(tx, ctx);
    const current = new Set((await listDefinitions(tx, ctx.organizationId)).map((r) => r.id));
    const sent = new Set(ids);
    if (sent.size !== ids.length || sent.size !== current.size || !ids.every((id) => current.has(id)))
      throw invalid([{ field: 'ids', in: 'body', message: contentOrderMismatchMessage }]);
    await setDefinitionOrder(tx, ctx.organizationId, ids);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'content.reordered',
      entityType,
      data: { ids },
    });
  });
}

/** PUT {id}/content-base: the common fields of a definition. */
export async function updateContentBase(
  deps: Deps,
  ctx: RequestContext,
  { id, ...base }: ContentBase & { id: string },
): Promise<ContentDefinition> {
  return deps.db.transaction(async (tx) => {
    const row = await loadDefinition(tx, ctx, id);
    await authorizeManage(tx, ctx);
    const updated = await updateDefinition(tx, ctx.organizationId, row.id, base);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'content.base_updated',
      entityType,
      entityId: row.id,
      data: { name: base.name },
    });
    return definitionAnswer(deps, tx, ctx, updated);
  });
}

/** Saves a form's fields as a new version when they changed (a member's answers keep the version they filled). */
async function saveFormVersion(tx: Executor, row: DefinitionRow, content: Record<string, unknown>) {
  if (row.type !== RequirementType.Form) return;
  const latest = await latestFormVersion(tx, row.organizationId, row.id);
  if (!latest || !isDeepStrictEqual(latest.fields, content.fields))
    await insertFormVersion(tx, row.organizationId, row.id, content.fields as unknown[]);
}

/**
 * POST content-{kind}/{id} (ADR 013): with the organization's id it creates a definition of that kind (base
 * required); with a definition's id it replaces that definition's content (and its base when given).
 */
export async function saveContent(
  deps: Deps,
  ctx: RequestContext,
  input: { kind: string; id: string; body: SaveContentBody },
): Promise<{ created: boolean; definition: ContentDefinition }> {
  const type = typeOfKind(input.kind);
  return deps.db.transaction(async (tx) => {
    const existing =
      input.id === ctx.organizationId ? undefined : await findDefinition(tx, ctx.organizationId, input.id);
    if (input.id !== ctx.organizationId && !existing) throw notFound('Requirement');
    await lockOrganizationRow(tx, ctx.organizationId);
    await authorizeManage(tx, ctx);
    if (existing && existing.type !== type)
      throw invalid([{ field: 'kind', in: 'params', message: contentKindMismatchMessage }]);
    if (!existing && !input.body.base)
      throw invalid([
        { field: 'base', in: 'body', message: 'Give the common fields of the new requirement' },
      ]);
    const base = input.body.base ? parseBase(input.body.base) : undefined;
    const content = parseContent(type, input.body.content);
    await checkContentFile(tx, ctx.organizationId, type, content);
    if (type === RequirementType.BackgroundCheck)
      await requireOwnBackgroundCheckClient(tx, ctx.organizationId, content);
    const row = existing
      ? await updateDefinition(tx, ctx.organizationId, existing.id, { ...base, content })
      : await insertDefinition(tx, ctx.organizationId, { ...(base as ContentBase), type, content });
    await saveFormVersion(tx, row, content);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: existing ? 'content.updated' : 'content.created',
      entityType,
      entityId: row.id,
      data: { type, name: row.name },
    });
    return { created: !existing, definition: await definitionAnswer(deps, tx, ctx, row) };
  });
}

/** DELETE {id}: soft-deletes the definition and its assignments; members' requirements are deactivated, kept. */
export async function deleteDefinition(deps: Deps, ctx: RequestContext, { id }: { id: string }) {
  await deps.db.transaction(async (tx) => {
    const row = await loadDefinition(tx, ctx, id);
    await authorizeManage(tx, ctx);
    await softDeleteDefinition(tx, ctx.organizationId, row.id);
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'content.deleted',
      entityType,
      entityId: row.id,
      data: { type: row.type, name: row.name },
    });
    await refreshAfterContentChange(tx, ctx.organizationId);
  });
}
