import { useState } from 'react';
import type { PartnerAccountLink } from '@touchline/contracts/partner-sign-in';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { usePartnerLinks, useUnlinkPartner } from '../api/partner-sign-in.ts';

/**
 * The member's links to league partners (issue 31, ADR 041), in the account settings: each partner membership this
 * account signs in for, and "Unlink" (confirmed first; the partner's access is revoked). Nothing shown for none.
 */
export function PartnerLinks() {
  const links = usePartnerLinks();
  const unlink = useUnlinkPartner();
  const [confirming, setConfirming] = useState<PartnerAccountLink | null>(null);
  if (!links.data || links.data.length === 0) return null;
  return (
    <section aria-labelledby="partner-links-heading" className="mx-auto max-w-3xl space-y-3 p-4">
      <h2 id="partner-links-heading" className="text-lg font-semibold">
        Linked league partners
      </h2>
      <Alert>{unlink.error ? unlink.error.message : null}</Alert>
      <ul className="space-y-2">
        {links.data.map((link) => (
          <li
            key={link.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
          >
            <span>{`${link.partnerName}: member ${link.partnerMemberId} (${link.memberName})`}</span>
            <Button
              label={`Unlink ${link.partnerName}`}
              variant="secondary"
              onClick={() => setConfirming(link)}
            />
          </li>
        ))}
      </ul>
      <Modal
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        role="alertdialog"
        title={`Unlink ${confirming?.partnerName ?? ''}?`}
        footer={
          <div className="flex gap-3">
            <Button
              label="Unlink"
              tone="danger"
              disabled={unlink.isPending}
              onClick={() =>
                confirming && unlink.mutate(confirming.id, { onSettled: () => setConfirming(null) })
              }
            />
            <Button label="Keep it" variant="secondary" onClick={() => setConfirming(null)} />
          </div>
        }
      >
        <p>
          {`${confirming?.partnerName ?? 'The partner'} will no longer sign you in here, and what it was given stops working. Your membership stays.`}
        </p>
      </Modal>
    </section>
  );
}
