import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBackgroundCheckReport, useReplyToDispute } from '../api/background-check-review.ts';

const vendorName: Record<string, string> = { yardstik: 'Yardstik', tazworks: 'TazWorks agency' };

const authorOf = {
  member: 'Member',
  organization: 'Organization (reviewer)',
  agency: 'Agency (relayed by a reviewer)',
} as const;

/**
 * A flagged background check in review: the vendor's result and report page (each view is audited), the
 * adverse-action notice, the member's disputes and the replies, and a reply form while the notice stands.
 */
export function BackgroundCheckReview({ definitionId, plaId }: { definitionId: string; plaId: string }) {
  const id = useId();
  const ref = { definitionId, plaId };
  const report = useBackgroundCheckReport(ref, true);
  const reply = useReplyToDispute(ref);
  const [message, setMessage] = useState('');
  const [from, setFrom] = useState<'organization' | 'agency'>('organization');
  const [error, setError] = useState<string | undefined>();
  if (report.isPending) return <Spinner label="Loading the background check report" />;
  if (report.isError)
    return <Alert>{`The background check report could not be loaded: ${report.error.message}`}</Alert>;
  const r = report.data;
  const adverse = r.adverseAction;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!message.trim()) {
      setError('Write the reply');
      return;
    }
    setError(undefined);
    reply.mutate({ message, from }, { onSuccess: () => setMessage('') });
  };
  return (
    <section aria-label="Background check result" className="space-y-3 text-sm">
      <h3 className="text-base font-semibold">Background check result</h3>
      <p>
        {vendorName[r.vendor] ?? r.vendor}
        {r.sandbox ? ' (sandbox — no real check was run)' : ''}: {r.summary} Vendor status: {r.vendorStatus}.
      </p>
      {r.reportUrl ? (
        <p>
          <a
            className="text-emerald-800 underline dark:text-emerald-300"
            href={r.reportUrl}
            target="_blank"
            rel="noreferrer"
          >
            Open the vendor’s report
          </a>
        </p>
      ) : null}
      {adverse ? (
        <div className="space-y-2">
          <p>
            Adverse action: {adverse.stage} — {adverse.reason} (responses until{' '}
            {new Date(adverse.disputeUntil).toLocaleString()})
          </p>
          <ol className="space-y-2" aria-label="Dispute thread">
            {adverse.disputes.map((entry) => (
              <li
                key={`${entry.at}-${entry.from}`}
                className="rounded-md border border-slate-300 p-2 dark:border-slate-700"
              >
                <p className="font-semibold">
                  {authorOf[entry.from]} · {new Date(entry.at).toLocaleString()}
                </p>
                <p className="break-words whitespace-pre-wrap">{entry.message}</p>
              </li>
            ))}
          </ol>
          {adverse.stage === 'pre-adverse' && adverse.disputes.length > 0 ? (
            <form noValidate onSubmit={onSubmit} className="space-y-2">
              <label htmlFor={`${id}-from`} className="block font-medium">
                Reply as
              </label>
              <select
                id={`${id}-from`}
                value={from}
                onChange={(e) => setFrom(e.currentTarget.value === 'agency' ? 'agency' : 'organization')}
                className="w-full rounded-md border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-950"
              >
                <option value="organization">The organization</option>
                <option value="agency">Passing on the agency’s reinvestigation result</option>
              </select>
              <label htmlFor={`${id}-reply`} className="block font-medium">
                Reply to the member
              </label>
              <textarea
                id={`${id}-reply`}
                rows={3}
                value={message}
                onChange={(e) => setMessage(e.currentTarget.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-reply-error` : undefined}
                className="w-full rounded-md border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-950"
              />
              {error ? (
                <p id={`${id}-reply-error`} className="text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
              <Alert>{reply.error ? reply.error.message : null}</Alert>
              <Button
                type="submit"
                variant="secondary"
                label={reply.isPending ? 'Sending…' : 'Send the reply'}
                disabled={reply.isPending}
              />
            </form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
