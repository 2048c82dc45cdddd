import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useOutbox, type OutboxMessage } from '../api/get-outbox.ts';
import { LinkifiedText } from './linkified-text.tsx';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

function OutboxEntry({ message }: { message: OutboxMessage }) {
  return (
    <li>
      <article
        aria-labelledby={`mail-${message.id}`}
        className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id={`mail-${message.id}`} className="text-lg font-semibold">
          {message.subject}
        </h2>
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 text-sm text-slate-700 dark:text-slate-300">
          <dt className="font-medium">To</dt>
          <dd className="break-all">{message.to}</dd>
          <dt className="font-medium">Time</dt>
          <dd>
            <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          </dd>
        </dl>
        <div className="mt-3 font-mono text-sm whitespace-pre-wrap">
          <LinkifiedText text={message.text} />
        </div>
      </article>
    </li>
  );
}

/** /dev/outbox: the e-mails the development server kept instead of sending, with their links clickable. */
export function OutboxPage() {
  useDocumentTitle('Development outbox');
  const outbox = useOutbox();
  return (
    <div className="mx-auto max-w-3xl">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Development outbox</h1>
          <p className="mt-2 text-slate-700 dark:text-slate-300">
            This development server sends no e-mail. Every message it would have sent is kept here instead,
            newest first; <strong>no mail was sent</strong>. Only the plain-text version is shown.
          </p>
        </div>
        <Button
          variant="secondary"
          label={outbox.isFetching ? 'Refreshing…' : 'Refresh'}
          disabled={outbox.isFetching}
          onClick={() => void outbox.refetch()}
        />
      </div>
      <div className="mt-8">
        {outbox.isPending ? <Spinner label="Loading the outbox…" /> : null}
        {outbox.isError ? <Alert>{`The outbox could not be loaded: ${outbox.error.message}`}</Alert> : null}
        {outbox.data === null ? (
          <Alert tone="info">This deployment has no development outbox: it sends real e-mail.</Alert>
        ) : null}
        {outbox.data && outbox.data.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No messages yet.</p>
        ) : null}
        {outbox.data && outbox.data.length > 0 ? (
          <ul className="space-y-4" aria-label="Messages">
            {outbox.data.map((message) => (
              <OutboxEntry key={message.id} message={message} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
