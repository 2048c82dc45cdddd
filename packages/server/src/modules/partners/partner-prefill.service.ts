import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PartnerProviderType } from '@touchline/contracts/integrations';
import { partnerDisplayName, type PrefillData } from '@touchline/contracts/partners';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { partnerRegistrations, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { PartnerPerson } from '../../integrations/partners/port.ts';
import { registrationOfAccess } from './partners-access.ts';

/**
 * GET /api/app/prefill-provider/prefill-data/{id}: what the partner knows of the member of access `id`, for the member
 * (or the guardian of a child member) to confirm into our forms; never saved here. A guardian's own access (the one a
 * child's registration invited or reused) answers what the partner knows of the guardian themselves. Another organization's access is
 * 404; anyone else (a manager included: least reads of children's data) 403; none known, null (204). Audited.
 */
export async function prefillData(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { accessId }: { accessId: string },
): Promise<PrefillData | null> {
  const [access] = await deps.db
    .select({ profileId: profileLevelAccesses.profileId, guardianProfileId: profiles.guardianProfileId })
    .from(profileLevelAccesses)
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .where(
      and(
        eq(profileLevelAccesses.organizationId, ctx.organizationId),
        eq(profileLevelAccesses.id, accessId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  if (!access) throw notFound('Profile level access');
  authorize(
    access.profileId === ctx.profileId || access.guardianProfileId === ctx.profileId,
    'Only the member or their guardian sees what the partner knows',
  );
  const found = await registrationOfAccess(deps, ctx.organizationId, [accessId]);
  // A guardian's own access (made or reused for their child's registration): what the partner knows of the guardian.
  const person = (found?.asGuardian ? found.registration.guardianPrefill : found?.registration.prefill) as
    PartnerPerson | null | undefined;
  if (!found || !person) return null;
  await recordAuditEvent(deps.db, ctx, {
    organizationId: ctx.organizationId,
    action: 'partner.prefill-read',
    entityType: 'profile_level_access',
    entityId: accessId,
    data: { connectionId: found.connection.id, ...(found.asGuardian ? { guardian: true } : {}) },
  });
  const type = found.connection.providerType as PartnerProviderType;
  return {
    source: { providerType: type, name: partnerDisplayName[type] },
    firstName: person.firstName || null,
    lastName: person.lastName || null,
    dateOfBirth: person.dateOfBirth,
    email: person.email || null,
    phone: person.phone,
    address: person.address,
    guardian: person.guardian,
    emergencyContact: person.emergencyContact,
  };
}

/**
 * DELETE /api/app/prefill-provider/prefill-data/{id} (ours; the spec names only the GET): the member (or guardian)
 * has used or dismissed what the partner sent, so it is no longer kept (least kept for shortest time). The same
 * reads as the GET: another organization's access 404, anyone else 403. Later syncs do not store it again.
 */
export async function clearPrefillData(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { accessId }: { accessId: string },
): Promise<void> {
  const [access] = await deps.db
    .select({ profileId: profileLevelAccesses.profileId, guardianProfileId: profiles.guardianProfileId })
    .from(profileLevelAccesses)
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .where(
      and(
        eq(profileLevelAccesses.organizationId, ctx.organizationId),
        eq(profileLevelAccesses.id, accessId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  if (!access) throw notFound('Profile level access');
  authorize(
    access.profileId === ctx.profileId || access.guardianProfileId === ctx.profileId,
    'Only the member or their guardian uses what the partner knows',
  );
  await deps.db.transaction(async (tx) => {
    const cleared = await tx
      .update(partnerRegistrations)
      .set({ prefill: null, updatedAt: new Date() })
      .where(
        and(
          eq(partnerRegistrations.organizationId, ctx.organizationId),
          eq(partnerRegistrations.profileLevelAccessId, accessId),
          isNotNull(partnerRegistrations.prefill),
        ),
      )
      .returning({ id: partnerRegistrations.id });
    // A guardian's own details, kept with each of their children's registrations.
    cleared.push(
      ...(await tx
        .update(partnerRegistrations)
        .set({ guardianPrefill: null, updatedAt: new Date() })
        .where(
          and(
            eq(partnerRegistrations.organizationId, ctx.organizationId),
            eq(partnerRegistrations.guardianProfileLevelAccessId, accessId),
            isNotNull(partnerRegistrations.guardianPrefill),
          ),
        )
        .returning({ id: partnerRegistrations.id })),
    );
    if (cleared.length > 0)
      await recordAuditEvent(tx, ctx, {
        organizationId: ctx.organizationId,
        action: 'partner.prefill-cleared',
        entityType: 'profile_level_access',
        entityId: accessId,
        data: { registrations: cleared.length },
      });
  });
}
