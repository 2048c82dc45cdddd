import { and, asc, eq, isNull } from 'drizzle-orm';
import type { PartnerProviderType } from '@touchline/contracts/integrations';
import { partnerDisplayName, partnerLogoPath, type PartnerOfProfile } from '@touchline/contracts/partners';
import { partnerConnections, partnerRegistrations, profileLevelAccesses } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { registrationOfAccess } from './partners-access.ts';

/** The active profile's `partner` (spec §3): the partner the current profile's membership came from, or null. */
export async function partnerOfCurrentProfile(
  deps: Pick<Deps, 'db'>,
  ctx: Pick<RequestContext, 'organizationId' | 'profileId'>,
): Promise<{ id: string; name: string; providerType: string } | null> {
  const [row] = await deps.db
    .select({ id: partnerConnections.id, providerType: partnerConnections.providerType })
    .from(partnerRegistrations)
    .innerJoin(partnerConnections, eq(partnerConnections.id, partnerRegistrations.connectionId))
    .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.id, partnerRegistrations.profileLevelAccessId))
    .where(
      and(
        eq(partnerRegistrations.organizationId, ctx.organizationId),
        eq(profileLevelAccesses.profileId, ctx.profileId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    )
    .orderBy(asc(partnerRegistrations.createdAt))
    .limit(1);
  if (!row) return null;
  const type = row.providerType as PartnerProviderType;
  return { id: row.id, name: partnerDisplayName[type], providerType: type };
}

/**
 * The partner a membership came from (GET /api/app/profile/partner-from-current-profile[/{plaId}]): the named
 * access (already checked readable by the caller), or any live access of the current profile; null when none.
 */
export async function partnerOfAccesses(
  deps: Pick<Deps, 'db' | 'integrations' | 'appUrl'>,
  ctx: RequestContext,
  accessId: string | undefined,
): Promise<PartnerOfProfile | null> {
  const ids = accessId
    ? [accessId]
    : (
        await deps.db
          .select({ id: profileLevelAccesses.id })
          .from(profileLevelAccesses)
          .where(
            and(
              eq(profileLevelAccesses.organizationId, ctx.organizationId),
              eq(profileLevelAccesses.profileId, ctx.profileId),
              isNull(profileLevelAccesses.deletedAt),
            ),
          )
      ).map((r) => r.id);
  const found = await registrationOfAccess(deps, ctx.organizationId, ids);
  if (!found) return null;
  const type = found.connection.providerType as PartnerProviderType;
  const partners = deps.integrations.partners;
  const credentials = partners?.open(found.connection.id, found.connection.credentialsSealed);
  let returnUrl = `${deps.appUrl.replace(/\/$/, '')}/dashboard`;
  if (partners && credentials) {
    const port = partners.portFor(found.connection, credentials, deps.appUrl);
    returnUrl = port.returnUrl;
    await port.close();
  }
  return {
    id: found.connection.id,
    providerType: type,
    name: partnerDisplayName[type],
    logo: partnerLogoPath[type],
    returnUrl,
    sandbox: partners?.isSandbox(type) ?? false,
    profileLevelAccessId: found.registration.profileLevelAccessId,
  };
}
