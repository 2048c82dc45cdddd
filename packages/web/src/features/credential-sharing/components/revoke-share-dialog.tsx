import type { CredentialShare } from '@touchline/contracts/credential-sharing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useRevokeShare } from '../api/credential-sharing.ts';

/** Asks before withdrawing a consent, saying what follows at the other organization. */
export function RevokeShareDialog({
  profileId,
  share,
  onClose,
}: {
  profileId: string;
  share: CredentialShare;
  onClose: () => void;
}) {
  const revoke = useRevokeShare(profileId);
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={`Stop sharing with ${share.targetOrganizationName}?`}
      role="alertdialog"
    >
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        {share.resumesOnRenewal ? (
          <p>
            {share.targetOrganizationName} will not see the {share.summary.requirementName} again when it is
            renewed here. You can share the renewed one again later.
          </p>
        ) : (
          <p>
            {share.targetOrganizationName} will no longer see the {share.summary.requirementName}. If it
            counted toward one of its requirements, that requirement is no longer met there and it may ask for
            its own.
          </p>
        )}
        <Alert>{revoke.isError ? revoke.error.message : null}</Alert>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button label="Keep sharing" variant="tertiary" onClick={onClose} />
        <Button
          label={revoke.isPending ? 'Stopping…' : 'Stop sharing'}
          variant="quaternary"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(share.id, { onSuccess: onClose })}
        />
      </div>
    </Modal>
  );
}
