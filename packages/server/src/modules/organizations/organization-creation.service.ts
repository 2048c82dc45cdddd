import type { ActorRequestContext, Deps } from '../../deps.ts';
import { randomUUID } from 'node:crypto';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import type { CreateOrganizationBody, CreateOrganizationResponse } from '@touchline/contracts/organizations';
import { Role } from '@touchline/contracts/roles';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import {
  hierarchyLevels,
  labels,
  organizations,
  profileLevelAccesses,
  profiles,
  type OrganizationRoleRequirement,
} from '../../db/schema/index.ts';
import { invalid, unauthenticated } from '../../errors.ts';
import type { Actor } from '../../plugins/authenticate.ts';
import { openBillingAccount } from '../billing/billing.service.ts';
import { inviteAccess } from '../invitations/invitations.service.ts';
import { findCatalogPlan } from '../plans/plans.service.ts';
import { organizationPolicy } from './organizations.policy.ts';
import { isDefaultCheckerLabel } from '@touchline/contracts/game-day';

/** The draft's roles as stored: what was entered, with exactly one default (the first when none was marked). */
function storedRoles(body: CreateOrganizationBody): OrganizationRoleRequirement[] {
  const marked = body.roleRequirements.findIndex((role) => role.isDefault);
  const defaultIndex = marked === -1 ? 0 : marked;
  return body.roleRequirements.map((role, index) => ({
    roleLabel: role.roleLabel,
    roleRequirementsIds: role.roleRequirementsIds,
    paidRoleRequirementsIds: role.paidRoleRequirementsIds,
    requirementsDueDate: role.requirementsDueDate,
    isDefault: index === defaultIndex,
  }));
}

/**
 * The labels of the new organization: one per role, the role named Admin (ignoring case) carrying the Admin role, or
 * an extra 'Admin' label when no role is called that. Returns the id of the label the administrator gets.
 */
async function insertLabels(tx: Transaction, organizationId: string, roles: OrganizationRoleRequirement[]) {
  const isAdminName = (name: string) => name.toLocaleLowerCase() === 'admin';
  const rows = roles.map((role, index) => ({
    organizationId,
    name: role.roleLabel,
    isDefault: role.isDefault,
    role: isAdminName(role.roleLabel) ? Role.Admin : null,
    sortOrder: index,
    checksMembersIn: !isAdminName(role.roleLabel) && isDefaultCheckerLabel(role.roleLabel),
  }));
  if (!rows.some((row) => row.role === Role.Admin))
    rows.push({
      organizationId,
      name: 'Admin',
      isDefault: false,
      role: Role.Admin,
      sortOrder: rows.length,
      checksMembersIn: false,
    });
  const inserted = await tx.insert(labels).values(rows).returning({ id: labels.id, role: labels.role });
  const adminLabel = inserted.find((label) => label.role === Role.Admin);
  if (!adminLabel) throw new Error('the Admin label was not created');
  return { adminLabelId: adminLabel.id, labelIds: inserted.map((label) => label.id) };
}

/**
 * POST /api/app/organization: the creation wizard's draft becomes an organization in one transaction — the
 * organization (plan recorded, nothing charged), its top level, its role labels and its first administrator at
 * the top level. Open to every confirmed account (ADR 007). The administrator is linked to the creator when it is
 * their own address; anyone else is left to accept an invitation.
 */
export async function createOrganization(
  deps: Deps,
  ctx: ActorRequestContext,
  body: CreateOrganizationBody,
): Promise<CreateOrganizationResponse> {
  const db = deps.db;
  const { requestId, ...actor } = ctx;
  // The identity directory may share the embedded database's one connection: ask it before the transaction.
  const user = await deps.identityDirectory.findUser(actor.userId);
  if (!user) throw unauthenticated('Your account no longer exists');
  authorize(organizationPolicy.create(user), 'Confirm your e-mail address before creating an organization');
  const plan = await findCatalogPlan(db, body.plan.productName);
  if (!plan)
    throw invalid([{ field: 'plan.productName', in: 'body', message: 'Choose one of the plans offered' }]);
  const linked = user.email.toLocaleLowerCase() === body.admin.email.toLocaleLowerCase();
  const roles = storedRoles(body);

  const created = await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({
        ...body.general,
        planProductName: plan.productName,
        planMonthUnitAmount: plan.monthUnitAmount,
        planYearUnitAmount: plan.yearUnitAmount,
        billingEmail: body.paySubscriptionOrganization?.billingEmail ?? null,
        roleRequirements: roles,
        createdByUserId: actor.userId,
      })
      .returning({ id: organizations.id, name: organizations.name });
    if (!org) throw new Error('the organization was not created');
    const rootLevelId = randomUUID();
    await tx.insert(hierarchyLevels).values({
      id: rootLevelId,
      organizationId: org.id,
      parentId: null,
      name: org.name,
      depth: 0,
      path: `/${rootLevelId}/`,
    });
    const { adminLabelId, labelIds } = await insertLabels(tx, org.id, roles);
    const [profile] = await tx
      .insert(profiles)
      .values({ organizationId: org.id, ...body.admin, appUserId: linked ? actor.userId : null })
      .returning({ id: profiles.id });
    if (!profile) throw new Error('the administrator profile was not created');
    const [access] = await tx
      .insert(profileLevelAccesses)
      .values({
        organizationId: org.id,
        profileId: profile.id,
        hierarchyLevelId: rootLevelId,
        labelId: adminLabelId,
        groupMembershipStatus: ActiveStatus.Active,
        overallStatus: linked ? MemberOverallStatus.NoRequirements : MemberOverallStatus.NotActivated,
      })
      .returning({ id: profileLevelAccesses.id });
    if (!access) throw new Error('the administrator access was not created');
    // The subscription starts after commit (customer, prices, trial at the provider), from the outbox.
    await openBillingAccount(deps, tx, org.id, body.paySubscriptionOrganization?.priceIdStripe ?? null);
    const audit = { userId: actor.userId, profileId: linked ? profile.id : null, requestId };
    await recordAuditEvent(tx, audit, {
      organizationId: org.id,
      action: 'organization.created',
      entityType: 'organization',
      entityId: org.id,
      data: { plan: plan.productName, rootLevelId, labelIds },
    });
    await recordAuditEvent(tx, audit, {
      organizationId: org.id,
      action: 'profile.created',
      entityType: 'profile',
      entityId: profile.id,
      data: { profileLevelAccessId: access.id, labelId: adminLabelId, linkedToCreator: linked },
    });
    return { org, rootLevelId, profileId: profile.id, accessId: access.id };
  });

  return {
    id: created.org.id,
    name: created.org.name,
    rootLevelId: created.rootLevelId,
    profileId: linked ? created.profileId : null,
    adminInvited: linked ? false : await inviteAdmin(deps, actor, created.org.id, created.accessId),
  };
}

/**
 * Invites an administrator who is not the creator, after the organization is committed. The organization exists
 * either way, so a failed invitation is logged and reported as not sent (it can be re-sent) rather than failing
 * a creation the client might then repeat.
 */
async function inviteAdmin(deps: Deps, actor: Actor, organizationId: string, accessId: string) {
  try {
    await inviteAccess(deps, {
      organizationId,
      profileLevelAccessId: accessId,
      invitedByUserId: actor.userId,
    });
    return true;
  } catch (err) {
    deps.log.error({ err, organizationId }, 'could not invite the new organization’s administrator');
    return false;
  }
}
