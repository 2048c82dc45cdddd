import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { ReviewRef } from '../api/get-review-detail.ts';
import { useReviewRequirement } from '../api/review-requirement.ts';
import { useSexOffenderMatch, useStartAdverseAction } from '../api/sex-offender-match.ts';
import { AdverseActionThread } from './adverse-action-thread.tsx';

/** What the comparison needs: the reviewed requirement, whether it awaits a decision, and how to report one. */
export interface SexOffenderMatchProps {
  reviewRef: ReviewRef;
  pending: boolean;
  memberName: string;
  onDecided: (announcement: string) => void;
}

const cell = 'rounded-md border border-slate-300 p-3 dark:border-slate-700';

/**
 * A possible sex offender registry match (review source SexOffenderSearch, ADR 032): the member's name and date of
 * birth beside each record the search found (photo, jurisdiction, offenses), the public registry (NSOPW) to confirm
 * on, and the two decisions: not the same person (Completed), or confirmed, which starts the FCRA adverse-action
 * notices of a consumer report (the final notice rejects), or rejects at once when no agency supplied it.
 */
export function SexOffenderMatch({ reviewRef, pending, memberName, onDecided }: SexOffenderMatchProps) {
  const match = useSexOffenderMatch(reviewRef);
  const review = useReviewRequirement();
  const adverse = useStartAdverseAction(reviewRef);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = review.isPending || adverse.isPending;

  if (match.isPending) return <Spinner label="Loading the registry records" />;
  if (match.isError)
    return <Alert>{`The registry records could not be loaded: ${match.error.message}`}</Alert>;
  const m = match.data;
  // Once the pre-adverse notice is out the match is confirmed: only the thread and clearing remain (ADR 032).
  const notice = m.adverseAction && m.adverseAction.stage !== 'withdrawn' ? m.adverseAction : null;
  const failed = (error: unknown) =>
    setProblem(error instanceof ApiError ? error.message : 'The decision failed.');
  const notSame = () =>
    review.mutate(
      {
        ref: reviewRef,
        body: { reviewDecision: 1, reviewNotes: 'Not the same person as the registry record' },
      },
      { onSuccess: () => onDecided(`Not the same person: ${memberName}.`), onError: failed },
    );
  const confirm = () => {
    if (reason.trim() === '') {
      setProblem('Write the reason before confirming the match.');
      document.getElementById('sor-reason')?.focus();
      return;
    }
    setProblem(null);
    if (m.consumerReport)
      adverse.mutate(reason.trim(), {
        onSuccess: () => onDecided(`Pre-adverse action notice sent: ${memberName}.`),
        onError: failed,
      });
    else
      review.mutate(
        { ref: reviewRef, body: { reviewDecision: 3, reviewNotes: reason.trim() } },
        { onSuccess: () => onDecided(`Match confirmed: ${memberName}.`), onError: failed },
      );
  };

  return (
    <section aria-labelledby="sor-title" className="space-y-3">
      <h3 id="sor-title" className="text-base font-semibold">
        Possible registry match
      </h3>
      {m.sandbox ? (
        <Alert tone="info">
          Sandbox: these records come from Touchline’s stand-in provider, not a real registry.
        </Alert>
      ) : null}
      <div className={cell}>
        <p className="font-medium">Member</p>
        <p>
          {m.member.fullName} · born {m.member.dateOfBirth ?? 'unknown'}
        </p>
      </div>
      {m.records.length === 0 ? (
        <p>The provider lists no records here: read its report before deciding.</p>
      ) : (
        <ul className="space-y-3">
          {m.records.map((r) => (
            <li key={r.id} className={`${cell} flex flex-wrap gap-3`}>
              {r.photoUrl?.startsWith('data:image/') ? (
                <img
                  src={r.photoUrl}
                  alt={`Registry photo of ${r.fullName}`}
                  width={96}
                  height={120}
                  className="h-30 w-24 rounded object-cover"
                />
              ) : r.photoUrl ? (
                // A photo that could not be kept is linked, never loaded here (the content policy allows no other host).
                <a
                  className="w-24 text-sm underline"
                  href={r.photoUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Open the registry photo ↗
                </a>
              ) : (
                <p className="w-24 text-sm text-slate-600 dark:text-slate-400">No photo published</p>
              )}
              <dl className="min-w-0 flex-1 space-y-1 text-sm break-words">
                <div>
                  <dt className="inline font-medium">Name: </dt>
                  <dd className="inline">{r.fullName}</dd>
                </div>
                {r.aliases.length > 0 ? (
                  <div>
                    <dt className="inline font-medium">Also known as: </dt>
                    <dd className="inline">{r.aliases.join(', ')}</dd>
                  </div>
                ) : null}
                <div>
                  <dt className="inline font-medium">Date of birth: </dt>
                  <dd className="inline">{r.dateOfBirth ?? 'not published'}</dd>
                </div>
                <div>
                  <dt className="inline font-medium">Jurisdiction: </dt>
                  <dd className="inline">{r.jurisdiction}</dd>
                </div>
                {r.offenses.length > 0 ? (
                  <div>
                    <dt className="inline font-medium">Offenses: </dt>
                    <dd className="inline">{r.offenses.join('; ')}</dd>
                  </div>
                ) : null}
                {r.registryUrl ? (
                  <a className="underline" href={r.registryUrl} target="_blank" rel="noopener noreferrer">
                    The record on the jurisdiction’s registry ↗
                  </a>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm">
        Confirm on the public registry:{' '}
        <a className="underline" href={m.nsopwUrl} target="_blank" rel="noopener noreferrer">
          NSOPW, the National Sex Offender Public Website ↗
        </a>
        {m.reportUrl ? (
          <>
            {' · '}
            <a className="underline" href={m.reportUrl} target="_blank" rel="noopener noreferrer">
              the provider’s report ↗
            </a>
          </>
        ) : null}
      </p>
      {notice ? (
        <section aria-labelledby="sor-adverse" className="space-y-2">
          <h4 id="sor-adverse" className="font-semibold">
            Adverse action
          </h4>
          <AdverseActionThread reviewRef={reviewRef} adverse={notice} />
        </section>
      ) : null}
      {pending && notice ? (
        <div className="space-y-2">
          <p className="text-sm">
            If the member shows the record is not theirs, clear the search; otherwise the final notice rejects
            it when the response time ends.
          </p>
          <Button label="Not the same person" onClick={notSame} disabled={busy} />
          {problem ? <Alert>{problem}</Alert> : null}
        </div>
      ) : pending ? (
        <div className="space-y-2">
          <label htmlFor="sor-reason" className="block text-sm font-medium">
            Reason, if the record is the member
          </label>
          <textarea
            id="sor-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={2000}
            rows={2}
            className="w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
          <div className="flex flex-wrap gap-2">
            <Button label="Not the same person" onClick={notSame} disabled={busy} />
            <Button
              label={m.consumerReport ? 'Confirmed: send the pre-adverse notice' : 'Confirmed: reject'}
              tone="danger"
              onClick={confirm}
              disabled={busy}
            />
          </div>
          {m.consumerReport ? (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              A consumer report: the member gets the pre-adverse notice and five business days to respond
              before the final notice rejects the requirement.
            </p>
          ) : null}
          {problem ? <Alert>{problem}</Alert> : null}
        </div>
      ) : null}
    </section>
  );
}
