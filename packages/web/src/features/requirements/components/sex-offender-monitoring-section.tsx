import { useState } from 'react';
import type { SexOffenderSearchView } from '@touchline/contracts/sex-offender-search';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useRecordMonitoringConsent, useWithdrawMonitoringConsent } from '../api/sex-offender-search.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { FcraConsentForm } from './fcra-consent-form.tsx';

type Monitoring = NonNullable<SexOffenderSearchView['monitoring']>;

const day = (iso: string) => new Date(iso).toLocaleDateString();

/** Where the member's ongoing searches stand, in their words. */
function standing(monitoring: Monitoring, rerunEveryDays: number | null, sandbox: boolean): string {
  const provider = sandbox
    ? 'The Yardstik sandbox (a stand-in for testing, not a real registry)'
    : 'The provider';
  switch (monitoring.status) {
    case 'active':
      return `${provider} checks the sex offender registries for you every day, since ${day(monitoring.enrolledAt!)}. Your organization hears only of a possible match.`;
    case 'enrolling':
      return 'Your ongoing searches are starting with the screening provider.';
    case 'unenrolling':
      return 'Your ongoing searches are ending with the screening provider.';
    case 'failed':
      return 'The screening provider could not start ongoing searches for you. Your search runs again on your organization’s schedule instead.';
    default:
      break;
  }
  if (monitoring.consent)
    return monitoring.status === 'inactive'
      ? 'Your ongoing searches ended. They start again once your next search comes back clear.'
      : 'You signed the ongoing authorization. Ongoing searches start once your first search comes back clear.';
  const cadence = rerunEveryDays
    ? ` Without it, the search runs again every ${rerunEveryDays} days and you authorize each one on the provider’s page.`
    : '';
  return `Your organization offers ongoing registry searches: sign one authorization here instead of one per search. This is optional.${cadence}`;
}

/**
 * Continuous monitoring of a sex offender search (ADR 032): the FCRA disclosure and authorization for ongoing
 * searches, read and signed here with the current address (optional: declining keeps the cadence re-run), where
 * the monitoring stands, and the withdrawal of the authorization.
 */
export function MonitoringSection({
  requirement,
  view,
  monitoring,
  memberName,
  canAct,
}: {
  requirement: RequirementRef;
  view: SexOffenderSearchView;
  monitoring: Monitoring;
  memberName: string;
  canAct: boolean;
}) {
  const sign = useRecordMonitoringConsent(requirement);
  const withdraw = useWithdrawMonitoringConsent(requirement);
  const [open, setOpen] = useState(false);
  const consented = monitoring.consent !== null;
  return (
    <section
      aria-labelledby="sor-monitoring"
      className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700"
    >
      <h2 id="sor-monitoring" className="text-lg font-semibold">
        Ongoing registry searches
      </h2>
      <p>{standing(monitoring, view.rerunEveryDays, view.sandbox)}</p>
      {consented ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Signed by {monitoring.consent!.typedName} on {day(monitoring.consent!.recordedAt)} (text version{' '}
          {monitoring.consent!.textVersion}).
        </p>
      ) : null}
      {canAct && !consented && !open ? (
        <Button label="Read and sign the ongoing authorization" onClick={() => setOpen(true)} />
      ) : null}
      {canAct && !consented && open ? (
        <>
          <FcraConsentForm
            ariaLabel="Authorization for ongoing registry searches"
            disclosureTitle="Disclosure regarding ongoing sex offender registry searches"
            authorizeLabel="I authorize ongoing registry searches"
            consentText={monitoring.consentText}
            memberName={memberName}
            knownAddress={monitoring.knownAddress}
            submitLabel="Sign the ongoing authorization"
            pending={sign.isPending}
            onSign={(body, onError) => sign.mutate(body, { onError, onSuccess: () => setOpen(false) })}
          />
          <Button variant="secondary" label="Not now" onClick={() => setOpen(false)} />
        </>
      ) : null}
      {canAct && consented ? (
        <div className="space-y-2">
          <Button
            variant="secondary"
            label={withdraw.isPending ? 'Withdrawing…' : 'Withdraw my ongoing authorization'}
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate(undefined)}
          />
          <Alert>{withdraw.error ? withdraw.error.message : null}</Alert>
        </div>
      ) : null}
    </section>
  );
}
