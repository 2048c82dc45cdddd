import type { DirectMember } from '@touchline/contracts/member-admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useArchiveMember } from '../api/archive-member.ts';

/** The confirmation before archiving a member from this level: they lose its access; their history is kept. */
export function ArchiveMemberDialog({
  member,
  onClose,
}: {
  member: DirectMember | null;
  onClose: () => void;
}) {
  const archive = useArchiveMember();
  const close = () => {
    archive.reset();
    onClose();
  };
  const name = member ? `${member.firstName} ${member.lastName}` : '';
  return (
    <Modal
      isOpen={member !== null}
      onClose={close}
      role="alertdialog"
      title={`Archive ${name}?`}
      footer={
        <>
          <Button variant="secondary" label="Cancel" onClick={close} disabled={archive.isPending} />
          <Button
            label={archive.isPending ? 'Archiving…' : 'Archive member'}
            disabled={archive.isPending}
            onClick={() => {
              if (member) archive.mutate(member.profileLevelAccessId, { onSuccess: close });
            }}
          />
        </>
      }
    >
      <p className="text-slate-700 dark:text-slate-300">
        {name} will no longer be a member of this level, and a pending invitation stops working. Their history
        and completed requirements are kept.
      </p>
      <div className="mt-3">
        <Alert>{archive.isError ? archive.error.message : null}</Alert>
      </div>
    </Modal>
  );
}
