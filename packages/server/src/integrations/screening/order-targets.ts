import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { tazworksAgencyIds, type BackgroundCheckContent } from '@touchline/contracts/background-checks';
import { ActivationStatus } from '@touchline/contracts/profiles';
import type { Executor } from '../../db/client.ts';
import { backgroundCheckClientGrants, yardstikOnboardings } from '../../db/schema/index.ts';
import type { ScreeningPort, ScreeningVendor } from './port.ts';
import type { Integrations } from '../../deps.ts';

/**
 * Where a screening order goes and where its re-reads go back to (ADR 030, ADR 034): the adapter kind and the account
 * at the vendor — the TazWorks-platform agency's client GUID, or an organization's own Yardstik sub-account (null =
 * the deployment's own Yardstik account). Stored on each order (`vendor`, `vendor_account`), so a re-read never
 * depends on what the definition says today.
 */
export type ScreeningTarget = { vendor: ScreeningVendor; account: string | null };

/** The vendor a background-check definition orders from, or null for Generic (the organization's own vendor). */
export function screeningTargetOfContent(content: BackgroundCheckContent): ScreeningTarget | null {
  if (content.vendor === 'Yardstik') return { vendor: 'yardstik', account: null };
  if (content.vendor === 'TazWorks' && content.clientId)
    return { vendor: 'tazworks', account: content.clientId };
  return null;
}

/**
 * Whether an agency client account is granted to the organization (issue 34, ADR 035): a TazWorks-platform agency's
 * clients belong to one organization each, and every read and use of one checks this.
 */
export async function isClientGrantedTo(
  db: Executor,
  organizationId: string,
  agencyId: string,
  clientId: string,
): Promise<boolean> {
  // 'tazworks' (the vendor kind an order stores) stands for any of the platform's agencies (ADR 041).
  const agencyIds = agencyId === 'tazworks' ? [...tazworksAgencyIds] : [agencyId];
  const grants = await db
    .select({ organizationId: backgroundCheckClientGrants.organizationId })
    .from(backgroundCheckClientGrants)
    .where(
      and(
        inArray(backgroundCheckClientGrants.agencyId, agencyIds),
        eq(backgroundCheckClientGrants.clientId, clientId),
      ),
    );
  return grants.length > 0 && grants.every((g) => g.organizationId === organizationId);
}

/**
 * Where an organization's order goes: the definition's vendor, and for Yardstik the organization's own sub-account
 * once Yardstik has activated it and its key is minted (ADR 030); before that, the deployment's account. A TazWorks
 * client not granted to the organization is no target at all (null): nothing is ever ordered on another's account.
 */
export async function orderTargetFor(
  db: Executor,
  organizationId: string,
  target: ScreeningTarget | null,
): Promise<ScreeningTarget | null> {
  if (target?.vendor === 'tazworks')
    return target.account && (await isClientGrantedTo(db, organizationId, 'tazworks', target.account))
      ? target
      : null;
  if (target?.vendor !== 'yardstik') return target;
  const [own] = await db
    .select({ accountId: yardstikOnboardings.vendorAccountId })
    .from(yardstikOnboardings)
    .where(
      and(
        eq(yardstikOnboardings.organizationId, organizationId),
        eq(yardstikOnboardings.status, ActivationStatus.Activated),
        isNotNull(yardstikOnboardings.vendorAccountKey),
      ),
    );
  return { vendor: 'yardstik', account: own?.accountId ?? null };
}

/**
 * The port for a target, including an organization's Yardstik sub-account (its sealed key read from the
 * onboarding row); null when this deployment does not reach it.
 */
export async function screeningPortOf(
  db: Executor,
  integrations: Pick<Integrations, 'screening' | 'tazworks' | 'yardstikAccounts'>,
  target: ScreeningTarget,
): Promise<ScreeningPort | null> {
  if (target.vendor !== 'yardstik' || target.account === null) return screeningPortFor(integrations, target);
  if (!integrations.yardstikAccounts) return null;
  const [row] = await db
    .select({ key: yardstikOnboardings.vendorAccountKey })
    .from(yardstikOnboardings)
    .where(eq(yardstikOnboardings.vendorAccountId, target.account));
  return row?.key ? integrations.yardstikAccounts.portFor(target.account, row.key) : null;
}

/**
 * The port that speaks to a target without reading the database: TazWorks clients and the deployment's Yardstik
 * account (a sub-account needs {@link screeningPortOf}); null when this deployment has no such vendor configured.
 */
export function screeningPortFor(
  integrations: Pick<Integrations, 'screening' | 'tazworks'>,
  target: ScreeningTarget,
): ScreeningPort | null {
  if (target.vendor === 'tazworks')
    return target.account && integrations.tazworks ? integrations.tazworks.portFor(target.account) : null;
  return target.account === null ? integrations.screening : null;
}

/** Whether the vendor standing behind a target is a sandbox (the member's page must say so). */
export function isSandboxTarget(
  integrations: Pick<Integrations, 'webhookSources' | 'tazworks'>,
  target: ScreeningTarget | null,
): boolean {
  if (!target) return false;
  if (target.vendor === 'tazworks') return integrations.tazworks?.sandbox === true;
  return integrations.webhookSources.some((s) => s.provider === 'yardstik' && s.sandbox === true);
}
