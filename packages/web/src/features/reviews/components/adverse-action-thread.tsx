import { useId, useState, type FormEvent } from 'react';
import type { ReviewerAdverseAction } from '@touchline/contracts/background-checks';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MessageThread } from '../../../components/ui/message-thread.tsx';
import { useReplyToDispute } from '../api/background-check-review.ts';
import type { ReviewRef } from '../api/get-review-detail.ts';

const authorOf = {
  member: 'Member',
  organization: 'Organization (reviewer)',
  agency: 'Agency (relayed by a reviewer)',
} as const;

const stageLabel: Record<ReviewerAdverseAction['stage'], string> = {
  'pre-adverse': 'Pre-adverse notice sent',
  'final-adverse': 'Final adverse notice sent',
  withdrawn: 'Withdrawn',
};

/** What the thread needs: the reviewed requirement and its adverse action. */
export interface AdverseActionThreadProps {
  reviewRef: ReviewRef;
  adverse: ReviewerAdverseAction;
}

/**
 * A consumer report's adverse action as a reviewer follows it (a flagged background check or a confirmed registry
 * match): the stage, the reason the member was told, the response deadline, the member's disputes with the replies,
 * and a reply form while the pre-adverse notice stands and the member has disputed.
 */
export function AdverseActionThread({ reviewRef, adverse }: AdverseActionThreadProps) {
  const id = useId();
  const reply = useReplyToDispute(reviewRef);
  const [message, setMessage] = useState('');
  const [from, setFrom] = useState<'organization' | 'agency'>('organization');
  const [error, setError] = useState<string | undefined>();
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
    <div className="space-y-2 text-sm">
      <p>
        <span className="font-medium">{stageLabel[adverse.stage]}</span> — {adverse.reason} (responses until{' '}
        {new Date(adverse.disputeUntil).toLocaleString()})
      </p>
      {adverse.stage === 'pre-adverse' && adverse.disputes.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">
          The member has not responded. Unless they dispute by then, the final notice rejects the requirement.
        </p>
      ) : null}
      <MessageThread label="Dispute thread" entries={adverse.disputes} authorOf={authorOf} />
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
  );
}
