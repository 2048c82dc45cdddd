import { useState, type FormEvent } from 'react';
import type { SexOffenderSearchView } from '@touchline/contracts/sex-offender-search';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  useBeginSexOffenderSearch,
  useDisputeSexOffenderSearch,
  useSetDateOfBirth,
  useSexOffenderSearch,
} from '../api/sex-offender-search.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { MonitoringSection } from './sex-offender-monitoring-section.tsx';
import { asSentence } from '../../../lib/text.ts';
import { DisputeThread } from './dispute-thread.tsx';

/** What the sex offender search panel needs: which requirement and whether the viewer may act for the member. */
export interface SexOffenderSearchPanelProps {
  requirement: RequirementRef;
  /** The member's name, which the ongoing authorization is signed with. */
  memberName: string;
  canAct: boolean;
}

/** One sentence for where the search stands, in the member's words. */
function whereItStands(view: SexOffenderSearchView): string {
  switch (view.next) {
    case 'set-birth-date':
      return 'The registry search needs your date of birth. Enter it to continue.';
    case 'begin':
      return 'Start your sex offender registry search. You will then confirm your details and authorization on the screening provider’s page.';
    case 'continue-at-vendor':
      return 'Your search is ordered. Read the disclosure and sign the authorization on the screening provider’s page.';
    case 'wait':
      return 'The provider is searching the registries. This page updates by itself.';
    default:
      return view.order?.status === 'needs_review'
        ? 'The search found a record with a similar name. A reviewer at your organization is comparing it with your details.'
        : 'Nothing to do here right now.';
  }
}

function BirthDateForm({ requirement, profileId }: { requirement: RequirementRef; profileId: string }) {
  const save = useSetDateOfBirth(requirement, profileId);
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('dateOfBirth') ?? '');
    if (!value) return setError('Enter the date of birth');
    save.mutate(value, {
      onSuccess: (result) => setError(result.ok ? undefined : result.message),
    });
  };
  return (
    <form onSubmit={handleSubmit} className="space-y-3" noValidate>
      <TextField
        name="dateOfBirth"
        type="date"
        label="Date of birth"
        description="As on your ID: registries are matched by name and date of birth."
        autoComplete="bday"
        error={error}
      />
      <Button
        type="submit"
        label={save.isPending ? 'Saving…' : 'Save my date of birth'}
        disabled={save.isPending}
      />
      <Alert>{save.error ? `The date of birth could not be saved: ${save.error.message}` : null}</Alert>
    </form>
  );
}

function AdverseNotice({
  requirement,
  notice,
  canAct,
}: {
  requirement: RequirementRef;
  notice: NonNullable<SexOffenderSearchView['adverseAction']>;
  canAct: boolean;
}) {
  const dispute = useDisputeSexOffenderSearch(requirement);
  return (
    <section aria-label="Adverse action notice" className="space-y-3">
      <Alert tone="info">
        {notice.stage === 'pre-adverse'
          ? `Your organization sent you a pre-adverse action notice: ${asSentence(notice.reason)} You can respond until ${new Date(notice.disputeUntil).toLocaleString()}.`
          : `Your organization sent you a final adverse action notice: ${notice.reason}.`}
      </Alert>
      <DisputeThread adverse={notice} canAct={canAct} dispute={dispute} />
    </section>
  );
}

/**
 * A SexOffenderSearch (type 6, issue 22, ADR 032): the birth date when missing (set-date-of-birth), then the order,
 * then the provider's hosted disclosure and authorization; where the definition monitors continuously, the
 * optional ongoing authorization signed here. A sandbox standing in for the provider is named.
 */
export function SexOffenderSearchPanel({ requirement, memberName, canAct }: SexOffenderSearchPanelProps) {
  const search = useSexOffenderSearch(requirement);
  const begin = useBeginSexOffenderSearch(requirement);

  if (search.isPending) return <Spinner label="Loading…" />;
  if (search.error)
    return <Alert>{`The sex offender search could not be loaded: ${search.error.message}`}</Alert>;
  const view = search.data;
  return (
    <div className="space-y-4">
      {view.sandbox ? (
        <Alert tone="info">
          Sandbox: this deployment uses Touchline’s own stand-in for the screening provider. No real registry
          is searched.
        </Alert>
      ) : null}
      <p>{whereItStands(view)}</p>
      {view.adverseAction ? (
        <AdverseNotice requirement={requirement} notice={view.adverseAction} canAct={canAct} />
      ) : null}
      {view.dateOfBirth ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Date of birth on file: {view.dateOfBirth}
        </p>
      ) : null}
      {canAct && view.next === 'set-birth-date' ? (
        <BirthDateForm requirement={requirement} profileId={view.profileId} />
      ) : null}
      {canAct && view.next === 'begin' ? (
        <div className="space-y-2">
          <Button
            label={begin.isPending ? 'Starting…' : 'Start my registry search'}
            disabled={begin.isPending}
            onClick={() => begin.mutate()}
          />
          <Alert>{begin.error ? begin.error.message : null}</Alert>
        </div>
      ) : null}
      {canAct && view.next === 'continue-at-vendor' && view.applyUrl ? (
        <Button
          href={view.applyUrl}
          external
          target="_blank"
          label="Continue at the provider"
          icon="↗"
          iconPosition="right"
        />
      ) : null}
      {view.rerunEveryDays ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {view.monitoring?.status === 'active'
            ? 'While the provider monitors you, the search is not run again on a schedule.'
            : `Your organization runs this search again every ${view.rerunEveryDays} days.`}
        </p>
      ) : null}
      {view.monitoring ? (
        <MonitoringSection
          requirement={requirement}
          view={view}
          monitoring={view.monitoring}
          memberName={memberName}
          canAct={canAct}
        />
      ) : null}
    </div>
  );
}
