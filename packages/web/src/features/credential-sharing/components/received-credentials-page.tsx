import { useState } from 'react';
import type { ReceivedCredentialRow, ReceivedCredentialState } from '@touchline/contracts/credential-sharing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { receivedPerPage, useOrganizationReceivedCredentials } from '../api/credential-sharing.ts';
import { dayText } from './credential-summary.tsx';

const noteClass = 'text-sm text-slate-700 dark:text-slate-300';

/** Each state in words, and its badge colour. */
const states: Record<ReceivedCredentialState, { text: string; badge: string }> = {
  Active: {
    text: 'Active',
    badge: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  },
  Expired: { text: 'Expired', badge: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  Withdrawn: {
    text: 'Stopped by the member',
    badge: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  },
  Lapsed: {
    text: 'No longer valid where it was issued',
    badge: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  },
};

/**
 * /received-credentials (ADR 049), for the organization's directors and administrators: every credential a member
 * shared into the organization from another one — who, what, from where, where it stands, when it was shared —
 * newest first, a page at a time. Only the summary ever crosses; the report and documents stay where they were.
 */
export function ReceivedCredentialsPage() {
  useDocumentTitle('Received credentials');
  const profile = useActiveProfile();
  const organizationId = profile.data?.organizationId;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">Received credentials</h1>
        <p className={noteClass}>
          Credentials your members shared with you from another organization they belong to, by their consent:
          a background check, a training, a verification or a license. You see the summary only; whether one
          counts for a requirement is set on each requirement (Shared credentials).
        </p>
      </header>
      {profile.isPending ? (
        <Spinner label="Loading…" />
      ) : organizationId ? (
        <ReceivedList organizationId={organizationId} />
      ) : (
        <Alert>Choose an organization first.</Alert>
      )}
    </div>
  );
}

function ReceivedList({ organizationId }: { organizationId: string }) {
  const [page, setPage] = useState(1);
  const list = useOrganizationReceivedCredentials(organizationId, page);
  if (list.isPending) return <Spinner label="Loading received credentials…" />;
  if (list.isError)
    return (
      <div className="space-y-3">
        <Alert>
          {list.error instanceof ApiError && list.error.status === 403
            ? 'Only directors and administrators see the credentials shared with the organization.'
            : `The received credentials could not be loaded: ${list.error.message}`}
        </Alert>
        <Button label="Try again" variant="secondary" onClick={() => void list.refetch()} />
      </div>
    );
  const { items, totalCount } = list.data;
  return (
    <section aria-labelledby="received-list-heading" className="space-y-3">
      <h2 id="received-list-heading" className="text-lg font-semibold">
        {totalCount === 1 ? '1 credential' : `${totalCount} credentials`}
      </h2>
      {items.length === 0 ? (
        <p
          className={`rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900 ${noteClass}`}
        >
          No member has shared a credential with your organization yet. When one does, from their credentials
          page in another organization, it shows here.
        </p>
      ) : (
        <ul className="space-y-3">
          {items.map((item) => (
            <ReceivedRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pager
        label="Pages of received credentials"
        page={page}
        perPage={receivedPerPage}
        totalCount={totalCount}
        loading={list.isFetching}
        onPage={setPage}
      />
    </section>
  );
}

function ReceivedRow({ item }: { item: ReceivedCredentialRow }) {
  const state = states[item.state];
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold break-words">
          {item.memberName} · {item.requirementName}
        </h3>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${state.badge}`}>{state.text}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm break-words text-slate-700 sm:grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] dark:text-slate-300">
        <dt className="font-medium">From</dt>
        <dd>{item.sourceOrganizationName}</dd>
        <dt className="font-medium">Shared on</dt>
        <dd>{dayText(item.receivedAt)}</dd>
        <dt className="font-medium">Completed</dt>
        <dd>{dayText(item.completedOn)}</dd>
        <dt className="font-medium">{item.revokedAt ? 'Stopped on' : 'Valid until'}</dt>
        <dd>
          {item.revokedAt ? dayText(item.revokedAt) : item.validUntil ? dayText(item.validUntil) : 'No end'}
        </dd>
      </dl>
    </li>
  );
}
