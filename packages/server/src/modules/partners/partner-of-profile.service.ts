import { and, eq, isNull } from 'drizzle-orm';
import type { PartnerProviderType } from '@touchline/contracts/integrations';
import { partnerDisplayName, partnerLogoPath, type PartnerOfProfile } from '@touchline/contracts/partners';
import { profileLevelAccesses } from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { registrationOfAccess } from './partners-access.ts';

/**
 * The partner a membership came from (GET /api/app/profile/partner-from-current-profile[/{plaId}], and the active
 * profile's `partner`, spec §3): the named access (already checked readable by the caller), or any live access of
 * the current profile — a guardian's own included (invited for their child's registration); null when none.
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
    profileLevelAccessId: found.accessId,
  };
}
