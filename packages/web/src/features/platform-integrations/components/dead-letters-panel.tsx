import { useState } from 'react';
import type { DeadLetter, DeadLetterActionResult } from '@touchline/contracts/platform-integrations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDeadLetterAction, type DeadLetterAction } from '../api/act-on-dead-letter.ts';
import { useDeadLetters } from '../api/get-dead-letters.ts';
import { formatTime } from './format-time.ts';
import { Pager } from '../../../components/ui/pager.tsx';

const perPage = 25;

/** What the page says after an action, including a repeat that found it done already. */
function outcomeText(job: string, result: DeadLetterActionResult): string {
  const done = result.outcome === 'retried' ? 'put back on its queue' : 'discarded';
  return result.changed ? `The ${job} job was ${done}.` : `The ${job} job had already been ${done}.`;
}

function LetterCard({
  letter,
  busy,
  onAct,
}: {
  letter: DeadLetter;
  busy: boolean;
  onAct: (letter: DeadLetter, action: DeadLetterAction) => void;
}) {
  const payload = Object.entries(letter.payload);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
      <h2 className="font-mono font-semibold break-all">{letter.job}</h2>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">Error</dt>
        <dd className="break-words text-red-800 dark:text-red-300">{letter.error ?? 'none recorded'}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Attempts</dt>
        <dd>{letter.attempts}</dd>
        <dt className="text-slate-600 dark:text-slate-400">First queued</dt>
        <dd>{formatTime(letter.firstQueuedAt)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Gave up</dt>
        <dd>{formatTime(letter.deadAt)}</dd>
        <dt className="text-slate-600 dark:text-slate-400">Payload</dt>
        <dd>
          {payload.length === 0 ? (
            'none'
          ) : (
            <ul className="space-y-0.5">
              {payload.map(([key, value]) => (
                <li key={key} className="break-all">
                  <span className="font-mono">{key}</span>: {String(value)}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          label="Retry"
          disabled={busy}
          aria-label={`Retry the ${letter.job} job`}
          onClick={() => onAct(letter, 'retry')}
        />
        <Button
          label="Discard"
          variant="secondary"
          disabled={busy}
          aria-label={`Discard the ${letter.job} job`}
          onClick={() => onAct(letter, 'discard')}
        />
      </div>
    </li>
  );
}

/**
 * The jobs that used up their retries: what failed and why (no personal data), to put back on the queue once or
 * discard after a confirmation.
 */
export function DeadLettersPanel() {
  const [page, setPage] = useState(1);
  const letters = useDeadLetters({ page, perPage });
  const act = useDeadLetterAction();
  const [confirming, setConfirming] = useState<DeadLetter | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const run = (letter: DeadLetter, action: DeadLetterAction) => {
    setMessage(null);
    act.mutate(
      { id: letter.id, action },
      {
        onSuccess: (result) => setMessage({ tone: 'success', text: outcomeText(letter.job, result) }),
        onError: (error) => setMessage({ tone: 'error', text: `That did not work: ${error.message}` }),
      },
    );
  };
  const handleAct = (letter: DeadLetter, action: DeadLetterAction) => {
    if (action === 'discard') setConfirming(letter);
    else run(letter, action);
  };

  let body;
  if (letters.isPending) body = <Spinner label="Loading dead letters…" />;
  else if (letters.isError)
    body = (
      <div className="space-y-2">
        <Alert>{`The dead letters could not be loaded: ${letters.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void letters.refetch()} />
      </div>
    );
  else if (letters.data.items.length === 0)
    body = (
      <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
        No dead letters: every job finished or is still being retried.
      </p>
    );
  else
    body = (
      <>
        <ul className="space-y-3">
          {letters.data.items.map((letter) => (
            <LetterCard key={letter.id} letter={letter} busy={act.isPending} onAct={handleAct} />
          ))}
        </ul>
        <Pager
          page={page}
          perPage={perPage}
          totalCount={letters.data.totalCount}
          loading={letters.isPlaceholderData}
          onPage={setPage}
        />
      </>
    );

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Jobs land here after their last retry. Retry puts one back on its queue once, with fresh retries;
        Discard drops it for good. Both are recorded in the audit trail.
      </p>
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
      {body}
      <Modal
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Discard this job?"
        role="alertdialog"
        footer={
          <>
            <Button label="Keep it" variant="secondary" onClick={() => setConfirming(null)} />
            <Button
              label="Discard"
              tone="danger"
              onClick={() => {
                if (confirming) run(confirming, 'discard');
                setConfirming(null);
              }}
            />
          </>
        }
      >
        <p>
          {`The ${confirming?.job ?? ''} job will not run again. Whatever it was meant to do (an e-mail, a vendor update) will not happen unless someone does it another way.`}
        </p>
      </Modal>
    </div>
  );
}
