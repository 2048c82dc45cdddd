import { useState } from 'react';
import { reviewNotesMaxLength } from '@touchline/contracts/reviews';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { ReviewRef } from '../api/get-review-detail.ts';
import { useReverseDisqualification } from '../api/reverse-disqualification.ts';

/**
 * An administrator's way back from a disqualification (ADR 025): with a reason, the requirement returns to the
 * Pending queue with the member's submission, to be decided again; the reversal is kept in the history.
 */
export function ReverseDisqualification({
  reviewRef,
  memberName,
  onReversed,
}: {
  reviewRef: ReviewRef;
  memberName: string;
  onReversed: (announcement: string) => void;
}) {
  const reverse = useReverseDisqualification();
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (reverse.isPending) return;
    if (notes.trim() === '') {
      setProblem('Say why the disqualification is reversed.');
      document.getElementById('reverse-notes')?.focus();
      return;
    }
    setProblem(null);
    // The promise, not mutate's callbacks: the refreshed requirement is no longer disqualified, so this form is gone
    // by the time the reversal settles, and a gone component's mutate callbacks never run.
    reverse.mutateAsync({ ref: reviewRef, body: { reviewNotes: notes.trim() } }).then(
      () => onReversed(`Disqualification reversed: ${memberName} is back in the Pending queue.`),
      (error: unknown) => setProblem(error instanceof ApiError ? error.message : 'The reversal failed.'),
    );
  };
  return (
    <form
      aria-labelledby="reverse-title"
      className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-700"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id="reverse-title" className="text-base font-semibold">
        Reverse the disqualification
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {memberName} is disqualified on this requirement. Reversing it returns the requirement to the Pending
        queue with the member&apos;s submission, to be decided again. The reason is kept in the history.
      </p>
      <div>
        <label htmlFor="reverse-notes" className="block text-sm font-medium">
          Reason
        </label>
        <textarea
          id="reverse-notes"
          value={notes}
          onChange={(e) => setNotes(e.target.value)}
          maxLength={reviewNotesMaxLength}
          rows={2}
          className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      <Button
        type="submit"
        label={reverse.isPending ? 'Reversing…' : 'Reverse disqualification'}
        variant="secondary"
        disabled={reverse.isPending}
      />
    </form>
  );
}
