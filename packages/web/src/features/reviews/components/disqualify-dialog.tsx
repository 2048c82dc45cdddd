import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** What the dialog names: who would be disqualified, on what, and whether the decision is being sent. */
export interface DisqualifyDialogProps {
  isOpen: boolean;
  memberName: string;
  requirementName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation a disqualification needs (ADR 025): it names the member and says what follows, with Cancel
 * first and the red confirm button apart from Approve, so the decision is never one slip away.
 */
export function DisqualifyDialog({
  isOpen,
  memberName,
  requirementName,
  busy,
  onCancel,
  onConfirm,
}: DisqualifyDialogProps) {
  return (
    <Modal isOpen={isOpen} onClose={onCancel} title={`Disqualify ${memberName}?`} role="alertdialog">
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        <p>
          {memberName} will be <strong>Disqualified</strong> on {requirementName}: their overall status
          becomes Disqualified and they cannot resubmit it. Your notes stay internal; the member is not
          e-mailed.
        </p>
        <p>Only an administrator can reverse this, from the Historical tab.</p>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button label="Cancel" variant="tertiary" onClick={onCancel} />
        <Button
          label={busy ? 'Disqualifying…' : `Disqualify ${memberName}`}
          tone="danger"
          disabled={busy}
          onClick={onConfirm}
        />
      </div>
    </Modal>
  );
}
