import type {
  AdminAuditEvent,
  AdminHealth,
  AdminOrganization,
  AdminOrganizationDetail,
  AdminOrganizationPerson,
  AdminOrganizationQuery,
  AdminPerson,
  AdminPersonDetail,
  AdminSearchQuery,
} from '@touchline/contracts/admin';
import type { ListResponse } from '@touchline/contracts/pagination';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../errors.ts';
import { vendorHealth } from '../../integrations/http/vendor-health.ts';
import { recentErrors } from './recent-errors.ts';
import { tracingStatus } from '../../tracing/tracer.ts';
import type { AdminDirectory, AdminDirectoryUser } from '../../plugins/identity-directory.ts';
import { adminAuditActor, type AdminContext } from './admin-access.ts';
import {
  auditPage,
  backlog,
  iso,
  membershipsOf,
  organizationFacts,
  organizationPage,
  organizationPeoplePage,
  organizationRow,
  queueDepths,
  type OrganizationListRow,
} from './admin.queries.ts';

// The /admin area's use cases (issue 32): organizations, people and health. The routes let only a platform
// administrator reach them (404 to anyone else); every change here is audited.

type AdminDeps = Pick<Deps, 'db' | 'identityDirectory' | 'clock'>;

function presentOrganization(row: OrganizationListRow): AdminOrganization {
  return {
    id: row.id,
    name: row.name,
    isDemo: row.is_demo,
    planProductName: row.plan_product_name,
    subscriptionStatus: row.subscription_status ?? 'none',
    memberCount: row.member_count,
    vendors: [...(row.vendors ?? [])].sort(),
    createdAt: iso(row.created_at) ?? '',
    lastActivityAt: iso(row.last_activity_at),
  };
}

/** Every organization, searched, filtered and paged on the server. */
export async function listOrganizations(
  deps: AdminDeps,
  q: AdminOrganizationQuery,
): Promise<ListResponse<AdminOrganization>> {
  const { rows, total } = await organizationPage(deps.db, q);
  return { items: rows.map(presentOrganization), totalCount: total };
}

/** One organization's page: its tree, members by status, compliance, vendors, billing and webhooks. */
export async function getOrganization(deps: AdminDeps, id: string): Promise<AdminOrganizationDetail> {
  const row = await organizationRow(deps.db, id);
  if (!row) throw notFound('Organization');
  const since = new Date(deps.clock().getTime() - 30 * 86_400_000);
  const facts = await organizationFacts(deps.db, id, since);
  const live = facts.statuses.reduce((sum, s) => sum + s.count, 0);
  const cleared = facts.statuses.find((s) => s.status === MemberOverallStatus.Cleared)?.count ?? 0;
  return {
    ...presentOrganization(row),
    location: { countryCode: row.country_code, stateCode: row.state_code, cityName: row.city_name },
    levels: { count: facts.levels?.count ?? 0, depth: facts.levels?.depth ?? 0, topLevel: facts.topLevel },
    memberStatusCounts: facts.statuses,
    clearedShare: live === 0 ? null : cleared / live,
    billing: {
      subscriptionStatus: row.subscription_status ?? 'none',
      trialEndsAt: iso(row.trial_ends_at),
      currentPeriodEndsAt: iso(row.current_period_ends_at),
      billingEmailSet: row.billing_email !== null,
    },
    clientGrants: facts.grants.map((g) => ({
      agencyId: g.agency_id,
      clientId: g.client_id,
      grantedAt: iso(g.created_at) ?? '',
    })),
    yardstikStatus: row.yardstik_status,
    webhooks: { last30Days: facts.webhooks?.recent ?? 0, unprocessed: facts.webhooks?.unprocessed ?? 0 },
  };
}

/** One organization's people, to find whom to view as. */
export async function listOrganizationPeople(
  deps: AdminDeps,
  organizationId: string,
  q: AdminSearchQuery,
): Promise<ListResponse<AdminOrganizationPerson>> {
  if (!(await organizationRow(deps.db, organizationId))) throw notFound('Organization');
  const { rows, total } = await organizationPeoplePage(deps.db, organizationId, q);
  return {
    items: rows.map((r) => ({
      profileId: r.id,
      userId: r.app_user_id,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      roles: r.roles ?? [],
    })),
    totalCount: total,
  };
}

/** One organization's audit trail, newest first (support access included). */
export async function listOrganizationAudit(
  deps: AdminDeps,
  organizationId: string,
  q: { page: number; perPage: number; entityType?: string },
): Promise<ListResponse<AdminAuditEvent>> {
  if (!(await organizationRow(deps.db, organizationId))) throw notFound('Organization');
  const { rows, total } = await auditPage(deps.db, organizationId, q);
  return {
    items: rows.map((r) => ({
      id: r.id,
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      actorUserId: r.actor_user_id,
      data: r.data,
      createdAt: iso(r.created_at) ?? '',
    })),
    totalCount: total,
  };
}

function adminDirectory(deps: AdminDeps): AdminDirectory {
  const directory = deps.identityDirectory.admin;
  if (!directory) throw new Error('this process has no identity directory for the /admin area');
  return directory;
}

const presentPerson = (u: AdminDirectoryUser): AdminPerson => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  emailConfirmed: u.emailConfirmed,
  platformAdmin: u.platformAdmin,
  lockedUntil: iso(u.lockedUntil),
  createdAt: iso(u.createdAt) ?? '',
});

/** Accounts across every organization by e-mail or name, newest first, paged. */
export async function searchPeople(deps: AdminDeps, q: AdminSearchQuery): Promise<ListResponse<AdminPerson>> {
  const page = await adminDirectory(deps).searchUsers({
    query: q.search ?? '',
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  });
  return { items: page.items.map(presentPerson), totalCount: page.totalCount };
}

async function loadPerson(deps: AdminDeps, userId: string): Promise<AdminDirectoryUser> {
  const user = await adminDirectory(deps).findAdminUser(userId);
  if (!user) throw notFound('Person');
  return user;
}

/** One account with its memberships in every organization. */
export async function getPerson(deps: AdminDeps, userId: string): Promise<AdminPersonDetail> {
  const user = await loadPerson(deps, userId);
  const rows = await membershipsOf(deps.db, userId);
  const memberships: AdminPersonDetail['memberships'] = [];
  for (const row of rows) {
    let membership = memberships.find((m) => m.profileId === row.profile_id);
    if (!membership) {
      membership = {
        organizationId: row.organization_id,
        organizationName: row.organization_name,
        profileId: row.profile_id,
        accesses: [],
      };
      memberships.push(membership);
    }
    if (row.level_name !== null && row.label_name !== null)
      membership.accesses.push({ levelName: row.level_name, labelName: row.label_name, role: row.role });
  }
  return { ...presentPerson(user), memberships };
}

/** Sends an account mail through the identity's own public call (its throttling and wording apply). */
export type AccountMailSender = (kind: 'confirmation' | 'password-reset', email: string) => Promise<void>;

/**
 * Resends the e-mail confirmation or starts a password reset for an account, on a platform administrator's word;
 * audited in the platform trail. A confirmation for a confirmed account is refused (409): nothing to confirm.
 */
export async function sendAccountMail(
  deps: AdminDeps,
  ctx: AdminContext,
  userId: string,
  kind: 'confirmation' | 'password-reset',
  send: AccountMailSender,
): Promise<{ message: string }> {
  const user = await loadPerson(deps, userId);
  if (kind === 'confirmation' && user.emailConfirmed)
    throw conflict('This account has already confirmed its e-mail address');
  await send(kind, user.email);
  await recordAuditEvent(deps.db, adminAuditActor(ctx), {
    organizationId: null,
    action: kind === 'confirmation' ? 'person.confirmation_resent' : 'person.password_reset_started',
    entityType: 'user',
    entityId: userId,
  });
  return {
    message:
      kind === 'confirmation'
        ? `A new confirmation link was sent to ${user.email}.`
        : `A password reset link was sent to ${user.email}.`,
  };
}

/** Lifts the account's sign-in blocks; audited in both trails. */
export async function unlockPerson(deps: AdminDeps, ctx: AdminContext, userId: string): Promise<AdminPerson> {
  const directory = adminDirectory(deps);
  if (!(await directory.unlockUser(userId, `admin:${ctx.userId}`))) throw notFound('Person');
  await recordAuditEvent(deps.db, adminAuditActor(ctx), {
    organizationId: null,
    action: 'person.unlocked',
    entityType: 'user',
    entityId: userId,
  });
  return presentPerson(await loadPerson(deps, userId));
}

/**
 * Grants or withdraws TouchlineAdmin by the platform-admin CLI's rules: the account exists, is confirmed before it
 * is granted, and asking for what is already so changes nothing. One more rule here: no one withdraws their own
 * role (the deployment keeps at least the administrator asking). Audited in both trails.
 */
export async function setPersonPlatformAdmin(
  deps: AdminDeps,
  ctx: AdminContext,
  userId: string,
  grant: boolean,
): Promise<{ message: string }> {
  const user = await loadPerson(deps, userId);
  if (!grant && userId === ctx.userId)
    throw conflict('You cannot withdraw your own platform administrator role');
  const outcome = await adminDirectory(deps).setPlatformAdmin({
    email: user.email,
    grant,
    by: `admin:${ctx.userId}`,
  });
  if (outcome === 'no_account') throw notFound('Person');
  if (outcome === 'unconfirmed')
    throw conflict(`${user.email} has not confirmed its e-mail address yet: it must be confirmed first`);
  if (outcome !== 'unchanged')
    await recordAuditEvent(deps.db, adminAuditActor(ctx), {
      organizationId: null,
      action: grant ? 'person.platform_admin_granted' : 'person.platform_admin_withdrawn',
      entityType: 'user',
      entityId: userId,
    });
  const messages = {
    granted: `${user.email} is now a platform administrator (from their next sign-in or token refresh).`,
    revoked: `${user.email} is no longer a platform administrator (from their next token refresh).`,
    unchanged: `${user.email} ${grant ? 'already is' : 'is not'} a platform administrator: nothing changed.`,
  } as const;
  return { message: messages[outcome] };
}

/** The numbers an operator looks at first: queue depths, dead letters, vendor circuits, webhook lag, mail backlog. */
export async function getHealth(deps: AdminDeps): Promise<AdminHealth> {
  const [depths, waiting] = await Promise.all([queueDepths(deps.db), backlog(deps.db)]);
  const queues = new Map<string, AdminHealth['queues'][number]>();
  for (const { name, state, n } of depths) {
    const dead = name.endsWith('.dead');
    const queue = dead ? name.slice(0, -'.dead'.length) : name;
    const entry = queues.get(queue) ?? {
      queue,
      queued: 0,
      retrying: 0,
      running: 0,
      failed: 0,
      deadLetters: 0,
    };
    if (dead) {
      if (state === 'created' || state === 'retry') entry.deadLetters += n;
    } else if (state === 'created') entry.queued += n;
    else if (state === 'retry') entry.retrying += n;
    else if (state === 'active') entry.running += n;
    else if (state === 'failed') entry.failed += n;
    queues.set(queue, entry);
  }
  const now = deps.clock().getTime();
  const oldestWebhook = iso(waiting.webhooks?.oldest);
  return {
    queues: [...queues.values()].sort((a, b) => a.queue.localeCompare(b.queue)),
    vendors: vendorHealth().map((v) => ({
      ...v,
      errorRate: v.recentCalls === 0 ? null : v.recentFailures / v.recentCalls,
    })),
    webhooks: {
      unprocessed: waiting.webhooks?.unprocessed ?? 0,
      oldestUnprocessedAt: oldestWebhook,
      lagSeconds: oldestWebhook ? Math.max(0, Math.round((now - Date.parse(oldestWebhook)) / 1000)) : null,
    },
    mailOutbox: {
      pending: waiting.mail?.pending ?? 0,
      failing: waiting.mail?.failing ?? 0,
      oldestPendingAt: iso(waiting.mail?.oldest),
    },
    recentErrors: recentErrors(now),
    tracing: tracingStatus(),
  };
}
