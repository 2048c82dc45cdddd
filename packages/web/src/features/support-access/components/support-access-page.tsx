import { useState, type FormEvent } from 'react';
import { supportIncidentGrantDefaultHours, supportIncidentGrantMaxHours } from '@touchline/contracts/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import {
  sessionsPerPage,
  useSupportIncidentGrant,
  useSupportIncidentGrantWrites,
  useSupportSessions,
} from '../api/organization-support.ts';
import { formatWhen } from './format.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { SupportSessionCard } from './support-session-card.tsx';

const cardClass =
  'rounded-lg border border-slate-300 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900';
const noteClass = 'text-sm text-slate-700 dark:text-slate-300';

/**
 * /organization/support-access (issue 32, ADR 042), for the organization's administrators: every time Touchline's
 * support saw the organization as one of its people — who, why, when, how long, read-only or not — and what they
 * did; ending an active session; and whether support may read incidents (off unless granted here, for a while).
 */
export function SupportAccessPage() {
  useDocumentTitle('Support access');
  const profile = useActiveProfile();
  if (profile.isPending) return <Spinner label="Loading…" />;
  const organizationId = profile.data?.organizationId;
  if (!organizationId) return <Alert>Choose an organization first.</Alert>;
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold">Support access</h1>
        <p className={noteClass}>
          Touchline&rsquo;s support team can see your organization as one of your people to help with a
          problem: only with a reason, for at most an hour, read-only unless they said otherwise. Every
          session and everything opened under it is listed here.
        </p>
      </header>
      <Sessions organizationId={organizationId} />
    </div>
  );
}

function Sessions({ organizationId }: { organizationId: string }) {
  const [page, setPage] = useState(1);
  const sessions = useSupportSessions(organizationId, page);
  if (sessions.isPending) return <Spinner label="Loading support sessions…" />;
  if (sessions.isError)
    return (
      <Alert>
        {sessions.error instanceof ApiError && sessions.error.status === 403
          ? 'Only administrators at the top of the organization see its support access.'
          : 'The support sessions could not be loaded. Try again in a moment.'}
      </Alert>
    );
  const now = new Date();
  return (
    <>
      <IncidentGrant organizationId={organizationId} />
      <section aria-labelledby="sessions-heading" className="space-y-3">
        <h2 id="sessions-heading" className="text-lg font-semibold">
          Sessions
        </h2>
        {sessions.data.items.length === 0 ? (
          <p className={`${cardClass} ${noteClass}`}>
            Touchline&rsquo;s support has never opened your organization. If they do, the session shows here
            with its reason.
          </p>
        ) : (
          <ul className="space-y-3">
            {sessions.data.items.map((s) => (
              <SupportSessionCard key={s.id} organizationId={organizationId} session={s} now={now} />
            ))}
          </ul>
        )}
        <Pager
          label="Pages of sessions"
          page={page}
          perPage={sessionsPerPage}
          totalCount={sessions.data.totalCount}
          loading={sessions.isFetching}
          onPage={setPage}
        />
      </section>
    </>
  );
}

/** Support's access to incidents: off by default; an administrator turns it on for some hours, or off at once. */
function IncidentGrant({ organizationId }: { organizationId: string }) {
  const grant = useSupportIncidentGrant(organizationId);
  const { grant: give, withdraw } = useSupportIncidentGrantWrites(organizationId);
  const [confirmHours, setConfirmHours] = useState<number | null>(null);
  const hoursError =
    give.error instanceof ApiError
      ? (give.error.validationErrors.find((e) => e.field === 'hours')?.message ?? give.error.message)
      : undefined;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const raw = String(new FormData(e.currentTarget).get('hours') ?? '').trim();
    setConfirmHours(raw === '' ? Number.NaN : Number(raw));
  };
  return (
    <section aria-labelledby="incidents-heading" className={`${cardClass} space-y-3`}>
      <h2 id="incidents-heading" className="text-lg font-semibold">
        Incidents under support access
      </h2>
      {grant.isPending ? (
        <Spinner label="Loading…" />
      ) : grant.isError ? (
        <Alert>Whether support may read incidents could not be loaded.</Alert>
      ) : grant.data.active ? (
        <>
          <p className="text-sm font-medium">
            Support may read (never change) your incidents until {formatWhen(grant.data.expiresAt)}. Every
            read is recorded here.
          </p>
          <Button
            variant="secondary"
            label={withdraw.isPending ? 'Turning off…' : 'Turn off now'}
            disabled={withdraw.isPending}
            onClick={() => withdraw.mutate()}
          />
          <Alert>{withdraw.isError ? 'It could not be turned off. Try again.' : null}</Alert>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <p className={noteClass}>
            Off: support never sees incident reports. Turn it on only when support needs them to solve your
            problem; it turns itself off after the hours you choose (at most {supportIncidentGrantMaxHours}).
          </p>
          <TextField
            name="hours"
            label="For how many hours"
            defaultValue={String(supportIncidentGrantDefaultHours)}
            required
            error={hoursError}
          />
          <Button type="submit" label="Let support read incidents…" />
        </form>
      )}
      <Modal
        isOpen={confirmHours !== null}
        onClose={() => setConfirmHours(null)}
        role="alertdialog"
        title="Let support read incidents?"
        footer={
          <>
            <Button variant="secondary" label="Cancel" onClick={() => setConfirmHours(null)} />
            <Button
              label={give.isPending ? 'Turning on…' : 'Turn on'}
              disabled={give.isPending}
              onClick={() =>
                give.mutate(confirmHours ?? Number.NaN, { onSettled: () => setConfirmHours(null) })
              }
            />
          </>
        }
      >
        <p className="text-sm">
          Incident reports hold children&rsquo;s injuries and safeguarding concerns. Support sessions will
          read them for the next {Number.isFinite(confirmHours) ? confirmHours : '?'} hours; they can never
          change them. You can turn this off at any time.
        </p>
      </Modal>
    </section>
  );
}
