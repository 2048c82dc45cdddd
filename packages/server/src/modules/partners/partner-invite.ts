import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ActiveStatus } from '@touchline/contracts/members';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
import { profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { createInvitedMembers, queueInvitationMails } from '../invitations/invitations.service.ts';

/**
 * Invites one person a partner registered (a member, or a child's guardian) at the mapped level under the mapped
 * label, in the sync's transaction: the invitation, its `member.invited` audit event (source: the partner
 * connection, plus `audit`) and its mail through the outbox. Returns the new access and profile.
 */
export async function invitePartnerPerson(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Transaction,
  input: {
    connection: { id: string; organizationId: string };
    level: { id: string; name: string };
    label: { id: string; name: string };
    person: { email: string; firstName: string; lastName: string };
    externalId?: string;
    audit?: Record<string, unknown>;
  },
): Promise<{ profileLevelAccessId: string; profileId: string }> {
  const { connection, level, label, person } = input;
  const made = await createInvitedMembers(
    tx,
    connection.organizationId,
    null,
    [
      {
        ...person,
        hierarchyLevelId: level.id,
        levelName: level.name,
        labelId: label.id,
        roleLabel: label.name,
        ...(input.externalId === undefined ? {} : { externalId: input.externalId }),
      },
    ],
    new Date(),
  );
  const [invited] = made.members;
  if (!invited) throw new Error('the invited member was not created');
  await recordAuditEvent(
    tx,
    { userId: null },
    {
      organizationId: connection.organizationId,
      action: 'member.invited',
      entityType: 'profile_level_access',
      entityId: invited.profileLevelAccessId,
      data: {
        source: 'partner',
        connectionId: connection.id,
        ...input.audit,
        hierarchyLevelId: level.id,
        labelId: label.id,
      },
    },
  );
  await queueInvitationMails(deps, tx, made.mails);
  return { profileLevelAccessId: invited.profileLevelAccessId, profileId: invited.profileId };
}

/**
 * The live, active access at the level of the person with this address (never a child's profile), the oldest when
 * there are several: the membership a partner's registration joins instead of inviting anyone.
 */
export async function liveAccessByEmail(
  tx: Transaction,
  organizationId: string,
  levelId: string,
  email: string,
): Promise<{ id: string; profileId: string; externalId: string | null } | undefined> {
  const [held] = await tx
    .select({
      id: profileLevelAccesses.id,
      profileId: profiles.id,
      externalId: profileLevelAccesses.externalId,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .where(
      and(
        eq(profileLevelAccesses.organizationId, organizationId),
        eq(profileLevelAccesses.hierarchyLevelId, levelId),
        isNull(profileLevelAccesses.deletedAt),
        eq(profileLevelAccesses.groupMembershipStatus, ActiveStatus.Active),
        sql`lower(${profiles.email}::text) = lower(${email})`,
        isNull(profiles.guardianProfileId),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(asc(profileLevelAccesses.createdAt))
    .limit(1);
  return held;
}
