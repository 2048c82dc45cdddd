import type { BackgroundCheckContent } from '@touchline/contracts/background-checks';
import type { ScreeningPort, ScreeningVendor } from '../../integrations/screening/port.ts';
import type { Integrations } from '../../integrations-wiring.ts';

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
  if (content.vendor === 'TazWorks' && content.clientId) return { vendor: 'tazworks', account: content.clientId };
  return null;
}

/** The port that speaks to a target, or null when this deployment has no such vendor configured. */
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
