import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { RolePaidRequirements, RolePaidRequirementsBody } from '@touchline/contracts/member-payments';
import type { ActorContext } from '../../authz/actor-context.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { labels, organizations, requirementDefinitions } from '../../db/schema/index.ts';
import type { OrganizationRoleRequirement } from '../../db/schema/organizations.ts';
import type { Executor } from '../../db/client.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { invalid } from '../../errors.ts';
import { managedOrganization } from './billing.service.ts';

// A role's paid requirements (spec §3 roleRequirements[].paidRoleRequirementsIds), set in the creation wizard and
// changed here later by the organization's administrators (ADR 031). Roles are the organization's member labels
// (no organization role), matched to the wizard's entries by name ignoring case, as member-payments.owed reads them.

type Ctx = RequestContext<ActorContext>;
const key = (name: string) => name.toLocaleLowerCase('en');

async function memberRoleNames(db: Executor, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ name: labels.name })
    .from(labels)
    .where(and(eq(labels.organizationId, organizationId), isNull(labels.deletedAt), isNull(labels.role)))
    .orderBy(asc(labels.sortOrder), asc(labels.name));
  return rows.map((r) => r.name);
}

/** GET {id}/role-paid-requirements: every member role with its paid requirements, and what can be chosen. */
export async function getRolePaidRequirements(
  deps: Pick<Deps, 'db'>,
  ctx: Ctx,
  organizationId: string,
): Promise<RolePaidRequirements> {
  await managedOrganization(deps, ctx, organizationId);
  const [org] = await deps.db
    .select({ roles: organizations.roleRequirements })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const stored = new Map((org?.roles ?? []).map((r) => [key(r.roleLabel), r.paidRoleRequirementsIds]));
  const requirements = await deps.db
    .select({
      id: requirementDefinitions.id,
      name: requirementDefinitions.name,
      type: requirementDefinitions.type,
      memberPrice: requirementDefinitions.memberPrice,
      currency: requirementDefinitions.memberPriceCurrency,
    })
    .from(requirementDefinitions)
    .where(
      and(
        eq(requirementDefinitions.organizationId, organizationId),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .orderBy(asc(requirementDefinitions.sortOrder), asc(requirementDefinitions.name));
  const live = new Set(requirements.map((r) => r.id));
  return {
    roles: (await memberRoleNames(deps.db, organizationId)).map((roleLabel) => ({
      roleLabel,
      paidRoleRequirementsIds: (stored.get(key(roleLabel)) ?? []).filter((id) => live.has(id)),
    })),
    requirements: requirements.map((r) => ({ ...r, currency: r.currency.trim().toLowerCase() })),
  };
}

/**
 * PUT {id}/role-paid-requirements: replaces one role's paid requirements. The role must be one of the
 * organization's member labels (400 on roleLabel otherwise) and each id a live requirement of the organization
 * (400 on paidRoleRequirementsIds.N). A role the wizard did not set up gets its entry here. The organization row
 * is locked so two administrators' saves never lose one another's roles. What is already paid stays paid.
 */
export async function setRolePaidRequirements(
  deps: Pick<Deps, 'db'>,
  ctx: Ctx,
  organizationId: string,
  body: RolePaidRequirementsBody,
): Promise<RolePaidRequirements> {
  await managedOrganization(deps, ctx, organizationId);
  await deps.db.transaction(async (tx) => {
    const [org] = await tx
      .select({ roles: organizations.roleRequirements })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const names = await memberRoleNames(tx, organizationId);
    const roleLabel = names.find((n) => key(n) === key(body.roleLabel));
    if (!roleLabel)
      throw invalid([{ field: 'roleLabel', message: 'Choose one of the organization’s roles' }]);
    const found =
      body.paidRoleRequirementsIds.length === 0
        ? []
        : await tx
            .select({ id: requirementDefinitions.id })
            .from(requirementDefinitions)
            .where(
              and(
                eq(requirementDefinitions.organizationId, organizationId),
                isNull(requirementDefinitions.deletedAt),
                inArray(requirementDefinitions.id, body.paidRoleRequirementsIds),
              ),
            );
    const known = new Set(found.map((f) => f.id));
    const unknown = body.paidRoleRequirementsIds.flatMap((id, index) =>
      known.has(id)
        ? []
        : [
            {
              field: `paidRoleRequirementsIds.${index}`,
              message: 'This requirement is not one of the organization’s',
            },
          ],
    );
    if (unknown.length > 0) throw invalid(unknown);
    const roles: OrganizationRoleRequirement[] = [...(org?.roles ?? [])];
    const at = roles.findIndex((r) => key(r.roleLabel) === key(roleLabel));
    const before = at >= 0 ? roles[at]!.paidRoleRequirementsIds : [];
    if (at >= 0) roles[at] = { ...roles[at]!, paidRoleRequirementsIds: body.paidRoleRequirementsIds };
    else
      roles.push({
        roleLabel,
        roleRequirementsIds: [],
        paidRoleRequirementsIds: body.paidRoleRequirementsIds,
        requirementsDueDate: null,
        isDefault: false,
      });
    await tx
      .update(organizations)
      .set({ roleRequirements: roles, updatedAt: new Date() })
      .where(eq(organizations.id, organizationId));
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId,
        action: 'billing.role_paid_requirements_changed',
        entityType: 'organization',
        entityId: organizationId,
        data: { roleLabel, before, after: body.paidRoleRequirementsIds },
      },
    );
  });
  return getRolePaidRequirements(deps, ctx, organizationId);
}
