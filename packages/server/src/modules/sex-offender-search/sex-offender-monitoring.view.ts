import { and, desc, eq } from 'drizzle-orm';
import {
  monitoringConsentText,
  type MonitoringConsentBody,
  type SexOffenderSearchView,
} from '@touchline/contracts/sex-offender-search';
import type { Executor } from '../../db/client.ts';
import { profileContactInformations, requirementSubmissions } from '../../db/schema/index.ts';
import type { LoadedRequirement } from '../../requirement-core/requirement-target.ts';
import { sexOffenderContentOf } from './sex-offender-content.ts';
import { liveMonitoringConsent, monitorOf, monitoringConsentKind } from './sex-offender-monitoring.jobs.ts';

type ConsentData = {
  textVersion: string;
  typedName: string;
  recordedAt: string;
  address?: MonitoringConsentBody['address'];
};

/** The address to fill the consent form with: the member's last consent's, else the profile's contact parts. */
async function knownAddress(tx: Executor, loaded: LoadedRequirement) {
  const [last] = await tx
    .select({ data: requirementSubmissions.data })
    .from(requirementSubmissions)
    .where(
      and(
        eq(requirementSubmissions.memberRequirementId, loaded.requirement.id),
        eq(requirementSubmissions.kind, monitoringConsentKind),
      ),
    )
    .orderBy(desc(requirementSubmissions.createdAt))
    .limit(1);
  const signed = (last?.data as ConsentData | undefined)?.address;
  if (signed) return { ...signed, line2: signed.line2 ?? '' };
  const [contact] = await tx
    .select({
      address: profileContactInformations.address,
      city: profileContactInformations.city,
      state: profileContactInformations.stateId,
    })
    .from(profileContactInformations)
    .where(eq(profileContactInformations.profileId, loaded.requirement.profileId));
  if (!contact?.address) return null;
  return {
    line1: contact.address,
    line2: '',
    city: contact.city ?? '',
    state: /^[A-Za-z]{2}$/.test(contact.state ?? '') ? contact.state!.toUpperCase() : '',
    postalCode: '',
  };
}

/** Whether the requirement was loaded for the member themself or their guardian. */
function isMemberOrGuardian(loaded: LoadedRequirement): boolean {
  const viewer = loaded.actor.profileId;
  if (!viewer) return false;
  return viewer === loaded.target.profileId || viewer === loaded.target.guardianProfileId;
}

/** The member page's continuous-monitoring part (null when the definition does not monitor). */
export async function monitoringView(
  tx: Executor,
  loaded: LoadedRequirement,
): Promise<SexOffenderSearchView['monitoring']> {
  if (!sexOffenderContentOf(loaded.definition.content).monitorContinuously) return null;
  const consent = await liveMonitoringConsent(tx, loaded.requirement.id);
  const data = consent?.data as ConsentData | undefined;
  const monitor = await monitorOf(tx, loaded.requirement.id);
  return {
    consentText: { ...monitoringConsentText },
    consent: data
      ? { recordedAt: data.recordedAt, textVersion: data.textVersion, typedName: data.typedName }
      : null,
    status: monitor?.status ?? 'none',
    enrolledAt: monitor?.enrolledAt?.toISOString() ?? null,
    deactivatedAt: monitor?.deactivatedAt?.toISOString() ?? null,
    // The address fills the member's own form: a manager reading the page is not shown it.
    knownAddress: isMemberOrGuardian(loaded) ? await knownAddress(tx, loaded) : null,
  };
}
