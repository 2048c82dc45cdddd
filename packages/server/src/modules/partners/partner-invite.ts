import { recordAuditEvent } from '../../db/audit.ts';
import type { Transaction } from '../../db/client.ts';
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
  await queueInvitationMails(deps as Deps, tx, made.mails);
  return { profileLevelAccessId: invited.profileLevelAccessId, profileId: invited.profileId };
}
