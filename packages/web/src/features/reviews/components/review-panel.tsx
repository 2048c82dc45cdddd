import { useState } from 'react';
import { requirementStatusLabel } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { ReviewOutcome, ReviewSource, type ReviewListItem } from '@touchline/contracts/reviews';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRequirementSlots } from '../../../lib/requirement-slots.tsx';
import { useBackgroundCheckReport } from '../api/background-check-review.ts';
import { useReviewDetail } from '../api/get-review-detail.ts';
import { useReviewRequirement } from '../api/review-requirement.ts';
import { BackgroundCheckReview } from './background-check-review.tsx';
import { DisqualifyDialog } from './disqualify-dialog.tsx';
import { ReverseDisqualification } from './reverse-disqualification.tsx';
import { ReviewFileViewer } from './review-file-viewer.tsx';
import { ReviewHistory } from './review-history.tsx';
import { SexOffenderMatch } from './sex-offender-match.tsx';
import { UsSoccerRecord } from './us-soccer-record.tsx';
import { sourceLabel, typeLabel } from './review-labels.ts';
import { useReviewShortcuts } from './use-review-shortcuts.ts';

/** What the panel tells the page: a decision was made (with a sentence to announce), or move along the queue. */
export interface ReviewPanelProps {
  item: ReviewListItem;
  onDecided: (announcement: string) => void;
  /** A reversed disqualification: the requirement is pending again, so the panel stays on it to be decided. */
  onReversed?: (announcement: string) => void;
  onMove: (dir: 'Next' | 'Previous') => void;
}

/** What the queue says of a flagged check when the organization decides them at the provider. */
export const externalReviewNotice =
  'Your organization reviews flagged background checks outside Touchline, in the provider’s dashboard. ' +
  'Decide there: the provider’s result (clear, or final adverse action) updates this requirement by itself.';

const notesHint =
  'Required to reset or disqualify. A reset sends these notes to the member; a disqualification does not.';

/** The review page of one requirement: the member beside the viewer, answers, history, and the decision. */
export function ReviewPanel({ item, onDecided, onReversed, onMove }: ReviewPanelProps) {
  const ref = { definitionId: item.definitionId, plaId: item.plaId };
  const detail = useReviewDetail(ref);
  const review = useReviewRequirement();
  const [notes, setNotes] = useState('');
  const [completedOn, setCompletedOn] = useState('');
  const [confirmDisqualify, setConfirmDisqualify] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const evidenceSlots = useRequirementSlots().reviewEvidence;
  const pending = detail.data?.requirement.pendingReview ?? false;
  // A possible registry match is decided in its own comparison panel (not the same person / confirmed): the
  // generic Approve / Reset / Disqualify bar would be a second set of decisions on the same requirement.
  // An organization that reviews flagged background checks outside Touchline (orgData
  // reviewBackgroundChecksExternally) decides them in the provider's dashboard: no in-app decision here.
  const flagged = item.reviewSource === ReviewSource.FlaggedBackgroundCheck;
  const bgReport = useBackgroundCheckReport(ref, flagged);
  const external = flagged && bgReport.data?.reviewedExternally === true;
  const ownDecisions = item.reviewSource === ReviewSource.SexOffenderSearch || external;
  const decides = pending && !ownDecisions;
  const notesMissing = () => {
    if (notes.trim() !== '') return false;
    setProblem('Write notes saying why before rejecting.');
    document.getElementById('review-notes')?.focus();
    return true;
  };
  const askDisqualify = () => {
    if (!pending || review.isPending || notesMissing()) return;
    setProblem(null);
    setConfirmDisqualify(true);
  };
  const decide = (reviewDecision: 1 | 2 | 3) => {
    if (!pending || review.isPending) return;
    if (reviewDecision !== ReviewOutcome.Approved && notesMissing()) return;
    setProblem(null);
    const completedDateTime = completedOn
      ? new Date(`${completedOn}T12:00:00.000Z`).toISOString()
      : undefined;
    review.mutate(
      {
        ref,
        body: {
          reviewDecision,
          reviewNotes: notes.trim(),
          ...(completedDateTime ? { completedDateTime } : {}),
        },
      },
      {
        onSuccess: () => {
          setConfirmDisqualify(false);
          const verb =
            reviewDecision === 1 ? 'Approved' : reviewDecision === 2 ? 'Sent back' : 'Disqualified';
          onDecided(`${verb}: ${item.memberName}, ${item.requirementName}.`);
        },
        onError: (error) => {
          setConfirmDisqualify(false);
          setProblem(error instanceof ApiError ? error.message : 'The decision failed.');
        },
      },
    );
  };
  useReviewShortcuts({
    approve: () => (ownDecisions ? undefined : decide(1)),
    reset: () => (ownDecisions ? undefined : decide(2)),
    next: () => onMove('Next'),
    previous: () => onMove('Previous'),
  });
  if (detail.isPending) return <Spinner label="Loading the requirement" />;
  if (detail.isError) return <Alert>Could not load this requirement. {detail.error.message}</Alert>;
  const d = detail.data;
  return (
    <article aria-labelledby="review-title" className={`space-y-4 ${decides ? 'max-md:pb-20' : ''}`}>
      <header>
        <h2 id="review-title" className="text-xl font-semibold">
          {d.member.firstName} {d.member.lastName}: {d.requirement.name}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {typeLabel(d.requirement.type)} · {sourceLabel(item.reviewSource)} · {d.member.levelName} ·{' '}
          {requirementStatusLabel(d.requirement.status)}
        </p>
      </header>
      <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
        <div className="min-w-0 space-y-4">
          {(() => {
            // A type that brings its own evidence (age verification: what was read and why) shows it first.
            const Evidence = evidenceSlots[d.requirement.type];
            return Evidence ? (
              <Evidence definitionId={item.definitionId} profileLevelAccessId={item.plaId} canAct={pending} />
            ) : null;
          })()}
          {item.reviewSource === ReviewSource.SexOffenderSearch ? (
            <SexOffenderMatch
              reviewRef={ref}
              pending={pending}
              memberName={`${d.member.firstName} ${d.member.lastName}`}
              onDecided={onDecided}
            />
          ) : d.requirement.type === RequirementType.USSoccer && d.files.length === 0 ? (
            <UsSoccerRecord
              definitionId={item.definitionId}
              plaId={item.plaId}
              memberName={`${d.member.firstName} ${d.member.lastName}`}
            />
          ) : (
            <ReviewFileViewer reviewRef={ref} files={d.files} />
          )}
          {item.reviewSource === ReviewSource.FlaggedBackgroundCheck ? (
            <BackgroundCheckReview
              definitionId={item.definitionId}
              plaId={item.plaId}
              pending={pending}
              memberName={`${d.member.firstName} ${d.member.lastName}`}
            />
          ) : null}
        </div>
        <section aria-label="Member details" className="space-y-2 text-sm">
          <h3 className="text-base font-semibold">Member</h3>
          <dl className="space-y-1">
            <div>
              <dt className="inline font-medium">Name: </dt>
              <dd className="inline">
                {d.member.firstName} {d.member.lastName}
              </dd>
            </div>
            <div>
              <dt className="inline font-medium">E-mail: </dt>
              <dd className="inline">{d.member.email ?? '—'}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Level: </dt>
              <dd className="inline">{d.member.levelName}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Completed: </dt>
              <dd className="inline">
                {d.requirement.completedAt ? new Date(d.requirement.completedAt).toLocaleString() : '—'}
              </dd>
            </div>
          </dl>
          {d.liveScan ? (
            <section aria-label="LiveScan submission" className="space-y-1">
              <h3 className="text-base font-semibold">LiveScan submission</h3>
              <p>
                ATI number: <strong className="font-mono">{d.liveScan.atiNumber}</strong>
              </p>
              <p className="text-slate-700 dark:text-slate-300">
                Submitted {new Date(d.liveScan.submittedAt).toLocaleString()}. The state sends the fingerprint
                results to your custodian of records, never to Touchline: confirm this number against them.
              </p>
            </section>
          ) : null}
          {d.requirement.instructions ? (
            <p className="text-slate-700 dark:text-slate-300">{d.requirement.instructions}</p>
          ) : null}
          {d.formSubmission ? (
            <section aria-label="Form answers">
              <h3 className="text-base font-semibold">Answers</h3>
              <dl>
                {d.formSubmission.formVersion.fields.map((f) => (
                  <div key={f.id}>
                    <dt className="font-medium">{f.label}</dt>
                    <dd>{String(d.formSubmission?.answers[f.id] ?? '—')}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <ReviewHistory detail={d} />
        </section>
      </div>
      {decides ? (
        <>
          <form aria-label="Decision" className="space-y-3" onSubmit={(e) => e.preventDefault()}>
            <div>
              <label htmlFor="review-notes" className="block text-sm font-medium">
                Notes
              </label>
              <textarea
                id="review-notes"
                aria-describedby="review-notes-hint"
                value={notes}
                onChange={(e) => setNotes(e.target.value)}
                maxLength={2000}
                rows={3}
                className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
              />
              <p id="review-notes-hint" className="text-xs text-slate-600 dark:text-slate-400">
                {notesHint}
              </p>
            </div>
            <div>
              <label htmlFor="review-completed-on" className="block text-sm font-medium">
                Correct the completion date (optional)
              </label>
              <input
                id="review-completed-on"
                type="date"
                value={completedOn}
                max={new Date().toISOString().slice(0, 10)}
                onChange={(e) => setCompletedOn(e.target.value)}
                className="mt-1 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
              />
            </div>
            {problem ? <Alert>{problem}</Alert> : null}
          </form>
          {/* The decision is always one click (or tap) away. From md up: a child of the article, not of the form, so it
            stays stuck to the viewport's bottom edge while any of the review is on screen (at 1366×850 it was below
            the fold). Below md, where the queue's cards come first: fixed to the bottom of the screen, for the
            highlighted item, and the article keeps room under its end so nothing hides behind it. */}
          <div
            role="group"
            aria-label="Decide"
            className="sticky bottom-0 z-10 -mx-1 flex flex-wrap gap-2 border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur-sm max-md:fixed max-md:inset-x-0 max-md:mx-0 max-md:px-4 max-sm:[&>button]:px-3 dark:border-slate-800 dark:bg-slate-950/95"
          >
            <Button label="Approve (A)" onClick={() => decide(1)} disabled={review.isPending} />
            <Button
              label="Reset (R)"
              variant="secondary"
              onClick={() => decide(2)}
              disabled={review.isPending}
            />
            <Button
              label="Disqualify…"
              tone="danger"
              className="ml-auto"
              onClick={askDisqualify}
              disabled={review.isPending}
            />
          </div>
          <DisqualifyDialog
            isOpen={confirmDisqualify}
            memberName={`${d.member.firstName} ${d.member.lastName}`}
            requirementName={d.requirement.name}
            busy={review.isPending}
            onCancel={() => setConfirmDisqualify(false)}
            onConfirm={() => decide(3)}
          />
        </>
      ) : pending && external ? (
        <Alert tone="info">{externalReviewNotice}</Alert>
      ) : pending ? null : (
        <Alert tone="info">This requirement is not awaiting review.</Alert>
      )}
      {d.mayReverseDisqualification ? (
        <ReverseDisqualification
          reviewRef={ref}
          memberName={`${d.member.firstName} ${d.member.lastName}`}
          onReversed={onReversed ?? onDecided}
        />
      ) : null}
      <nav aria-label="Queue" className="flex gap-2">
        <Button label="Previous (P)" variant="secondary" onClick={() => onMove('Previous')} />
        <Button label="Next (N)" variant="secondary" onClick={() => onMove('Next')} />
      </nav>
    </article>
  );
}
