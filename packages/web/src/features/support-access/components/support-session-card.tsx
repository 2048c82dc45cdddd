import { useState } from 'react';
import type { SupportSession } from '@touchline/contracts/admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Disclosure } from '../../../components/ui/disclosure.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { auditPerPage, useEndSupportSession, useSupportSessionAudit } from '../api/organization-support.ts';
import { describeAuditEvent, formatMinutes, formatWhen, sessionLength, sessionState } from './format.ts';
import { Pager } from '../../../components/ui/pager.tsx';

const cardClass =
  'rounded-lg border border-slate-300 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900';
const termClass = 'text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400';
const badgeClass = {
  active: 'bg-amber-200 text-amber-950 dark:bg-amber-400',
  over: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/**
 * One support session as the organization reads it: who (the platform's administrator), why, when, how long,
 * read-only or with changes, as whom; what was done under it on request; and, while it lasts, ending it now.
 */
export function SupportSessionCard({
  organizationId,
  session,
  now,
}: {
  organizationId: string;
  session: SupportSession;
  now: Date;
}) {
  const state = sessionState(session);
  const { lasted, allowed } = sessionLength(session, now);
  const who = session.adminName || 'A Touchline administrator';
  return (
    <li className={cardClass} aria-labelledby={`session-${session.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`session-${session.id}`} className="text-base font-semibold">
          {who} viewed as {session.viewedName}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${badgeClass[state.tone]}`}>
          {state.label}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className={termClass}>Reason</dt>
          <dd className="break-words">{session.reason}</dd>
        </div>
        <div>
          <dt className={termClass}>Started</dt>
          <dd>{formatWhen(session.startedAt)}</dd>
        </div>
        <div>
          <dt className={termClass}>How long</dt>
          <dd>
            {session.active ? `${formatMinutes(lasted)} so far, ` : `${formatMinutes(lasted)} of `}
            {session.active ? `until ${formatWhen(session.expiresAt)}` : `${formatMinutes(allowed)} allowed`}
          </dd>
        </div>
        <div>
          <dt className={termClass}>Access</dt>
          <dd>{session.allowWrites ? 'Could make changes' : 'Read-only'}</dd>
        </div>
        <div>
          <dt className={termClass}>Seen as</dt>
          <dd>
            {session.viewedName}
            {session.viewedRoles.length > 0 ? ` (${session.viewedRoles.join(', ')})` : ''}
          </dd>
        </div>
      </dl>
      {session.active ? <EndSession organizationId={organizationId} session={session} who={who} /> : null}
      <div className="mt-3">
        <SessionAudit organizationId={organizationId} sessionId={session.id} />
      </div>
    </li>
  );
}

function EndSession({
  organizationId,
  session,
  who,
}: {
  organizationId: string;
  session: SupportSession;
  who: string;
}) {
  const [confirming, setConfirming] = useState(false);
  const end = useEndSupportSession(organizationId);
  const close = () => {
    setConfirming(false);
    end.reset();
  };
  return (
    <div className="mt-4">
      <Button variant="secondary" label="End this session now" onClick={() => setConfirming(true)} />
      <Modal
        isOpen={confirming}
        onClose={close}
        role="alertdialog"
        title="End this support session?"
        footer={
          <>
            <Button variant="secondary" label="Keep it" onClick={close} />
            <Button
              tone="danger"
              label={end.isPending ? 'Ending…' : 'End session'}
              disabled={end.isPending}
              onClick={() => end.mutate(session.id, { onSuccess: () => setConfirming(false) })}
            />
          </>
        }
      >
        <p className="text-sm">
          {who} stops seeing your organization as {session.viewedName} at once. Ending it is recorded in your
          audit log. Support can start a new session, with a new reason, if they still need one.
        </p>
        <Alert className="mt-3">{end.isError ? 'The session could not be ended. Try again.' : null}</Alert>
      </Modal>
    </div>
  );
}

function SessionAudit({ organizationId, sessionId }: { organizationId: string; sessionId: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const audit = useSupportSessionAudit(organizationId, sessionId, page, open);
  return (
    <Disclosure title="What they did" level={4} onExpandedChange={setOpen}>
      {audit.isPending ? (
        <Spinner label="Loading what happened…" />
      ) : audit.isError ? (
        <Alert>What happened under this session could not be loaded.</Alert>
      ) : audit.data.items.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Nothing was recorded under this session.</p>
      ) : (
        <>
          <ol className="space-y-2 text-sm">
            {audit.data.items.map((e) => (
              <li key={e.id} className="border-l-2 border-slate-300 pl-3 dark:border-slate-600">
                <span className="block break-words">{describeAuditEvent(e)}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">{formatWhen(e.createdAt)}</span>
              </li>
            ))}
          </ol>
          <Pager
            label="Pages of what they did"
            page={page}
            perPage={auditPerPage}
            totalCount={audit.data.totalCount}
            loading={audit.isFetching}
            onPage={setPage}
          />
        </>
      )}
    </Disclosure>
  );
}
