import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useBackgroundCheckReport } from '../api/background-check-review.ts';
import { useStartAdverseAction } from '../api/sex-offender-match.ts';
import { AdverseActionThread } from './adverse-action-thread.tsx';

const vendorName: Record<string, string> = {
  yardstik: 'Yardstik',
  tazworks: 'The agency on the TazWorks platform (JDP, NCSI or ScoutLogic)',
};

/** What the panel needs: the reviewed requirement, whether it awaits a decision, and whose it is. */
export interface BackgroundCheckReviewProps {
  definitionId: string;
  plaId: string;
  /** The requirement awaits review, so adverse action may start. */
  pending?: boolean;
  memberName?: string;
}

const steps = [
  {
    stage: 'pre-adverse',
    label: 'Pre-adverse notice: the reason, a copy of the report and the summary of rights',
  },
  { stage: 'wait', label: 'Five business days for the member to respond or dispute' },
  { stage: 'final-adverse', label: 'Final adverse notice: the requirement is rejected' },
] as const;

/**
 * A flagged background check in review: the vendor's result and report page (each view is audited), the
 * adverse-action step (pre-adverse notice → wait → final, started here with a confirmation), the member's disputes
 * and the replies, and a reply form while the notice stands.
 */
export function BackgroundCheckReview({
  definitionId,
  plaId,
  pending = false,
  memberName = 'the member',
}: BackgroundCheckReviewProps) {
  const id = useId();
  const ref = { definitionId, plaId };
  const report = useBackgroundCheckReport(ref, true);
  const start = useStartAdverseAction(ref);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  if (report.isPending) return <Spinner label="Loading the background check report" />;
  if (report.isError)
    return <Alert>{`The background check report could not be loaded: ${report.error.message}`}</Alert>;
  const r = report.data;
  const adverse = r.adverseAction;
  const mayStart = pending && !r.reviewedExternally && (!adverse || adverse.stage === 'withdrawn');
  const current = !adverse || adverse.stage === 'withdrawn' ? null : adverse.stage;
  const askToStart = () => {
    if (!reason.trim()) {
      setReasonError('Give the reason the member will be told');
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    setReasonError(undefined);
    start.reset();
    setConfirming(true);
  };
  const sendNotice = () =>
    start.mutate(reason.trim(), {
      onSuccess: () => {
        setConfirming(false);
        setReason('');
      },
      onError: () => setConfirming(false),
    });
  return (
    <section aria-label="Background check result" className="space-y-3 text-sm">
      <h3 className="text-base font-semibold">Background check result</h3>
      <p>
        {r.agency ? r.agency.name : (vendorName[r.vendor] ?? r.vendor)}
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
      {mayStart || current ? (
        <section aria-labelledby={`${id}-adverse`} className="space-y-2">
          <h4 id={`${id}-adverse`} className="font-semibold">
            Adverse action
          </h4>
          <ol className="list-decimal space-y-1 pl-5" aria-label="Adverse-action steps">
            {steps.map((step) => {
              const here =
                (current === 'pre-adverse' && step.stage === 'wait') ||
                (current === 'final-adverse' && step.stage === 'final-adverse');
              return (
                <li key={step.stage} aria-current={here ? 'step' : undefined}>
                  {step.label}
                  {here ? <strong> — now</strong> : null}
                </li>
              );
            })}
          </ol>
          {mayStart ? (
            <div className="space-y-2">
              <label htmlFor={`${id}-reason`} className="block font-medium">
                Reason the member will be told
              </label>
              <textarea
                id={`${id}-reason`}
                rows={2}
                maxLength={2000}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? `${id}-reason-error` : undefined}
                className="w-full rounded-md border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-950"
              />
              {reasonError ? (
                <p id={`${id}-reason-error`} className="text-red-700 dark:text-red-400">
                  {reasonError}
                </p>
              ) : null}
              {start.error ? (
                <Alert>
                  {start.error instanceof ApiError ? start.error.message : 'The notice could not be sent.'}
                </Alert>
              ) : null}
              <Button
                label="Start adverse action…"
                tone="danger"
                onClick={askToStart}
                disabled={start.isPending}
              />
            </div>
          ) : null}
        </section>
      ) : null}
      <Modal
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title={`Send ${memberName} the pre-adverse notice?`}
        role="alertdialog"
      >
        <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
          <p>
            {memberName} is e-mailed the reason, a copy of the report and the summary of their rights under
            the FCRA. The check stays in review.
          </p>
          <p>
            If they do not respond within five business days, the final adverse notice is sent and the
            requirement is rejected. A dispute holds the final notice for you; approving clears the check.
          </p>
        </div>
        <div className="mt-6 flex justify-end gap-3">
          <Button label="Cancel" variant="tertiary" onClick={() => setConfirming(false)} />
          <Button
            label={start.isPending ? 'Sending…' : 'Send the pre-adverse notice'}
            tone="danger"
            disabled={start.isPending}
            onClick={sendNotice}
          />
        </div>
      </Modal>
      {adverse ? <AdverseActionThread reviewRef={ref} adverse={adverse} /> : null}
    </section>
  );
}
