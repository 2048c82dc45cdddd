import { useId, useState, type FormEvent } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { BackgroundCheckView } from '@touchline/contracts/background-checks';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MessageThread } from '../../../components/ui/message-thread.tsx';
import { fieldErrorsFromApi } from '../../../lib/forms.ts';

type Adverse = NonNullable<BackgroundCheckView['adverseAction']>;

const authorOf: Record<Adverse['disputes'][number]['from'], string> = {
  member: 'You',
  organization: 'Your organization',
  agency: 'The screening agency (passed on by your organization)',
};

/**
 * The adverse-action notice's thread on the member's page (a background check or a registry search): their disputes
 * and the replies (the organization's, or the agency's reinvestigation), and while the pre-adverse notice stands a
 * form to respond, sent through the page's own dispute call.
 */
export function DisputeThread({
  adverse,
  canAct,
  dispute,
}: {
  adverse: Adverse;
  canAct: boolean;
  dispute: UseMutationResult<unknown, Error, string>;
}) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const open = adverse.stage === 'pre-adverse' && new Date(adverse.disputeUntil) > new Date();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!message.trim()) {
      setError('Write your response');
      return;
    }
    setError(undefined);
    dispute.mutate(message, {
      onSuccess: () => setMessage(''),
      onError: (e) => setError(fieldErrorsFromApi(e).message),
    });
  };
  return (
    <section aria-label="Your response to the notice" className="space-y-3">
      <MessageThread label="The notice's thread" entries={adverse.disputes} authorOf={authorOf} />
      {canAct && open ? (
        <form noValidate onSubmit={onSubmit} className="space-y-2">
          <label htmlFor={`${id}-message`} className="block text-sm font-medium">
            Respond to the notice (dispute the report or explain it)
          </label>
          <textarea
            id={`${id}-message`}
            rows={4}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-message-error` : undefined}
            className="w-full rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
          {error ? (
            <p id={`${id}-message-error`} className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          <Alert>{dispute.error && !error ? dispute.error.message : null}</Alert>
          <Button
            type="submit"
            label={dispute.isPending ? 'Sending…' : 'Send my response'}
            disabled={dispute.isPending}
          />
        </form>
      ) : null}
    </section>
  );
}
