import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import { partnerRegistrations, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import type { PartnerPerson } from '../../integrations/partners/port.ts';
import { revokeInvitations } from '../invitations/invitations.service.ts';
import { invitePartnerPerson, liveAccessByEmail } from './partner-invite.ts';
import { refreshMemberRequirements } from '../requirements/requirements.service.ts';

// A partner registration for a child (ADR 041 part five): the guardian is invited (or their live membership reused)
// and the child is the guardian's child profile — no e-mail, no invitation, `guardian_profile_id` — holding the
// access at the mapped level and label with the partner's member id. Idempotent: the registration row is locked by
// the caller, and every admission of one guardian's children runs one at a time (a transaction advisory lock on the
// organization and the guardian's address), so replays, reordering and two workers make one guardian and one child.

type Target = { id: string; name: string };
export type ChildAdmission = {
  connection: { id: string; organizationId: string };
  registration: { id: string; memberId: string; person: PartnerPerson };
  level: Target;
  label: Target;
  guardianLabel: Target;
};

/** The guardian's address when the registration is a child's (a guardian with an e-mail, none of the child's own). */
export function guardianEmailOf(person: PartnerPerson): string | null {
  const email = person.guardian?.email?.trim();
  if (!email) return null;
  if (person.email && person.email.trim().toLowerCase() !== email.toLowerCase()) return null;
  return email;
}

/** What the partner knows of the guardian themselves: the prefill of their own details. */
export function guardianPrefillOf(person: PartnerPerson): PartnerPerson | null {
  const guardian = person.guardian;
  if (!guardian?.email) return null;
  return {
    firstName: guardian.firstName ?? '',
    lastName: guardian.lastName ?? '',
    email: guardian.email,
    dateOfBirth: null,
    // The household's phone and address as the partner holds them with the child's registration.
    phone: person.phone,
    address: person.address,
    guardian: null,
    emergencyContact: null,
  };
}

/**
 * Holds the guardian's admissions to one at a time, to the end of the transaction (re-entrant within it). The sync
 * takes it before the registration row's lock, so every path locks in the same order.
 */
export async function lockGuardian(tx: Transaction, organizationId: string, email: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`partner-guardian:${organizationId}:${email.toLowerCase()}`}))`,
  );
}

/** Admits a child's registration: the guardian's membership, the child profile and its access, the row updated. */
export async function admitChild(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Transaction,
  input: ChildAdmission,
) {
  const { connection, registration, level } = input;
  const person = registration.person;
  const email = guardianEmailOf(person);
  if (!email) throw new Error('not a child registration');
  await lockGuardian(tx, connection.organizationId, email);
  const guardian = await guardianAccess(deps, tx, input, email);
  const childId = await childProfile(tx, input, guardian.profileId);
  const childAccessId = await childAccess(tx, input, childId);
  await tx
    .update(partnerRegistrations)
    .set({
      status: 'invited',
      profileLevelAccessId: childAccessId,
      guardianProfileLevelAccessId: guardian.accessId,
      guardianAccessMade: guardian.made,
      prefill: person,
      guardianPrefill: guardianPrefillOf(person),
      updatedAt: new Date(),
    })
    .where(eq(partnerRegistrations.id, registration.id));
  return { childAccessId, guardianAccessId: guardian.accessId, levelId: level.id };
}

/** The guardian's live access at the level (their profile found by address), else an invitation made there. */
async function guardianAccess(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Transaction,
  { connection, registration, level, guardianLabel }: ChildAdmission,
  email: string,
) {
  const held = await liveAccessByEmail(tx, connection.organizationId, level.id, email);
  if (held) return { accessId: held.id, profileId: held.profileId, made: false };
  const guardian = registration.person.guardian;
  const invited = await invitePartnerPerson(deps, tx, {
    connection,
    level,
    label: guardianLabel,
    person: { email, firstName: guardian?.firstName || 'Guardian', lastName: guardian?.lastName || '' },
    audit: { guardianOf: registration.memberId },
  });
  return { accessId: invited.profileLevelAccessId, profileId: invited.profileId, made: true };
}

/**
 * The child's profile under the guardian: the one another registration of this connection made for the same partner
 * member, else the guardian's child with the same names (the family's own record), else a new one (names only;
 * the rest is offered to the guardian as prefill, never saved unconfirmed).
 */
async function childProfile(
  tx: Transaction,
  { connection, registration }: ChildAdmission,
  guardianId: string,
) {
  const [madeBefore] = await tx
    .select({ id: profiles.id })
    .from(partnerRegistrations)
    .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.id, partnerRegistrations.profileLevelAccessId))
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .where(
      and(
        eq(partnerRegistrations.connectionId, connection.id),
        eq(partnerRegistrations.memberId, registration.memberId),
        ne(partnerRegistrations.id, registration.id),
        eq(profiles.guardianProfileId, guardianId),
        isNull(profiles.deletedAt),
      ),
    )
    .limit(1);
  if (madeBefore) return madeBefore.id;
  const person = registration.person;
  const firstName = person.firstName.trim() || 'Child';
  const lastName = person.lastName.trim();
  const [named] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.organizationId, connection.organizationId),
        eq(profiles.guardianProfileId, guardianId),
        sql`lower(${profiles.firstName}) = lower(${firstName})`,
        sql`lower(${profiles.lastName}) = lower(${lastName})`,
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(asc(profiles.createdAt))
    .limit(1);
  if (named) return named.id;
  const id = randomUUID();
  await tx.insert(profiles).values({
    id,
    organizationId: connection.organizationId,
    guardianProfileId: guardianId,
    firstName,
    lastName,
    email: null,
  });
  return id;
}

/** The child's live access at the level (given the partner's member id when it has none), else a new one. */
async function childAccess(
  tx: Transaction,
  { connection, registration, level, label }: ChildAdmission,
  childId: string,
) {
  const [held] = await tx
    .select({ id: profileLevelAccesses.id, externalId: profileLevelAccesses.externalId })
    .from(profileLevelAccesses)
    .where(
      and(
        eq(profileLevelAccesses.organizationId, connection.organizationId),
        eq(profileLevelAccesses.profileId, childId),
        eq(profileLevelAccesses.hierarchyLevelId, level.id),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .limit(1);
  const now = new Date();
  if (held) {
    if (!held.externalId)
      await tx
        .update(profileLevelAccesses)
        .set({ externalId: registration.memberId, updatedAt: now })
        .where(eq(profileLevelAccesses.id, held.id));
    return held.id;
  }
  const id = randomUUID();
  await tx.insert(profileLevelAccesses).values({
    id,
    organizationId: connection.organizationId,
    profileId: childId,
    hierarchyLevelId: level.id,
    labelId: label.id,
    groupMembershipStatus: ActiveStatus.Active,
    overallStatus: MemberOverallStatus.NotActivated,
    externalId: registration.memberId,
  });
  await refreshMemberRequirements(tx, connection.organizationId, { profileIds: [childId], now });
  await recordAuditEvent(
    tx,
    { userId: null },
    {
      organizationId: connection.organizationId,
      action: 'member.child-added',
      entityType: 'profile_level_access',
      entityId: id,
      data: { source: 'partner', connectionId: connection.id, hierarchyLevelId: level.id, labelId: label.id },
    },
  );
  return id;
}

/**
 * A withdrawn child registration: the guardian's access is archived (its open invitation revoked) only when a sync
 * made it and no other live registration still names it (a guardian with another child, or a membership of their
 * own, keeps it).
 */
export async function releaseGuardian(
  tx: Transaction,
  connection: { id: string; organizationId: string },
  rowId: string,
  guardianAccessId: string | null,
  now: Date,
) {
  if (!guardianAccessId) return;
  const rows = await tx
    .select({
      id: partnerRegistrations.id,
      status: partnerRegistrations.status,
      made: partnerRegistrations.guardianAccessMade,
    })
    .from(partnerRegistrations)
    .where(
      and(
        eq(partnerRegistrations.organizationId, connection.organizationId),
        eq(partnerRegistrations.guardianProfileLevelAccessId, guardianAccessId),
      ),
    );
  const stillNamed = rows.some((r) => r.id !== rowId && r.status === 'invited');
  if (stillNamed || !rows.some((r) => r.made)) return;
  const archived = await tx
    .update(profileLevelAccesses)
    .set({ deletedAt: now, updatedAt: now })
    .where(
      and(
        eq(profileLevelAccesses.organizationId, connection.organizationId),
        eq(profileLevelAccesses.id, guardianAccessId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .returning({ id: profileLevelAccesses.id });
  if (archived.length === 0) return;
  await revokeInvitations(tx, connection.organizationId, [guardianAccessId], now);
  await recordAuditEvent(
    tx,
    { userId: null },
    {
      organizationId: connection.organizationId,
      action: 'member.archived',
      entityType: 'profile_level_access',
      entityId: guardianAccessId,
      data: { reason: 'partner registration of their child withdrawn', connectionId: connection.id },
    },
  );
}
