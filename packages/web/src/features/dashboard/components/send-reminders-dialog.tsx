import type { SendRemindersResult } from '@touchline/contracts/member-reminders';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReminderPreview, useSendReminders, type ReminderTarget } from '../api/send-reminders.ts';

const members = (n: number) => `${n.toLocaleString()} member${n === 1 ? '' : 's'}`;

/** Why some of the chosen members get no e-mail, one line per reason that applies. */
function skippedLines(counts: SendRemindersResult): string[] {
  const lines: string[] = [];
  if (counts.remindedToday)
    lines.push(`${members(counts.remindedToday)} already reminded today (one reminder a day).`);
  if (counts.nothingMissing) lines.push(`${members(counts.nothingMissing)} with nothing missing.`);
  if (counts.noAccount)
    lines.push(`${members(counts.noAccount)} not signed up yet: resend their invitation instead.`);
  return lines;
}

/**
 * "Send reminder" (issue 18 item 8, ADR 033): asks the server how many of the chosen members would be e-mailed (one
 * message each listing what is missing) and why the others would not, then sends on confirmation.
 */
export function SendRemindersDialog({
  levelId,
  target,
  onClose,
  onSent,
}: {
  levelId: string;
  /** Whom to remind; null while closed. */
  target: ReminderTarget | null;
  onClose: () => void;
  onSent: (result: SendRemindersResult) => void;
}) {
  const preview = useReminderPreview(levelId, target);
  const send = useSendReminders(levelId);
  const counts = preview.data;
  const close = () => {
    send.reset();
    onClose();
  };
  const confirm = () => {
    if (!target || send.isPending) return;
    send.mutate(target, {
      onSuccess: (result) => {
        onSent(result);
        close();
      },
    });
  };
  const scope = target?.kind === 'selected' ? 'selected' : 'in this list';
  return (
    <Modal
      isOpen={target !== null}
      onClose={close}
      title="Send reminder"
      footer={
        <>
          <Button variant="transparent" label="Cancel" onClick={close} />
          <Button
            label={
              send.isPending
                ? 'Sending…'
                : counts && counts.toRemind > 0
                  ? `Send ${counts.toRemind.toLocaleString()} reminder${counts.toRemind === 1 ? '' : 's'}`
                  : 'Send reminders'
            }
            disabled={!counts || counts.toRemind === 0 || send.isPending}
            onClick={confirm}
          />
        </>
      }
    >
      {preview.isPending ? (
        <Spinner label="Counting who will be reminded…" />
      ) : preview.isError ? (
        <div className="space-y-3">
          <Alert>Could not count the members to remind: {preview.error.message}</Alert>
          <Button variant="secondary" label="Try again" onClick={() => void preview.refetch()} />
        </div>
      ) : counts ? (
        <div className="space-y-3 text-sm">
          <p>
            Of the {members(counts.members)} {scope},{' '}
            <strong>
              {counts.toRemind === 0
                ? 'nobody will be e-mailed'
                : `${members(counts.toRemind)} will get one e-mail each`}
            </strong>
            {counts.toRemind > 0 ? ' listing the requirements they still have to complete.' : '.'}
          </p>
          {skippedLines(counts).length > 0 ? (
            <div>
              <p>Not e-mailed:</p>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {skippedLines(counts).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-slate-700 dark:text-slate-300">
            Each reminder is recorded in the member&apos;s requirement history.
          </p>
        </div>
      ) : null}
      <Alert className="mt-3">
        {send.error ? `The reminders were not sent: ${send.error.message}` : null}
      </Alert>
    </Modal>
  );
}
