import { Fragment, useState, type FormEvent } from 'react';
import { updatedPoliciesTexts } from '@touchline/contracts/messages';
import { canAcknowledgePolicies } from '@touchline/contracts/policies';
import { AcceptanceType } from '@touchline/contracts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { PolicyLink } from '../../../components/ui/policy-link.tsx';

export interface UpdatedPoliciesModalProps {
  /** The policies the token has no acceptance claim for (never empty while shown). */
  missing: readonly AcceptanceType[];
  onAcknowledge: () => void;
  pending?: boolean;
  error?: string | null;
}

/**
 * The Updated Policies modal of spec §2: links only to the missing policies, the terms box only when the terms are
 * missing, the button disabled until it is ticked, and no way to close it but acknowledging.
 */
export function UpdatedPoliciesModal({
  missing,
  onAcknowledge,
  pending = false,
  error,
}: UpdatedPoliciesModalProps) {
  const [termsTicked, setTermsTicked] = useState(false);
  const termsMissing = missing.includes(AcceptanceType.Terms);
  const enabled = canAcknowledgePolicies(missing, termsTicked) && !pending;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (enabled) onAcknowledge();
  };

  return (
    <Modal isOpen dismissable={false} onClose={() => {}} title={updatedPoliciesTexts.title}>
      <form onSubmit={handleSubmit} className="space-y-5">
        <p className="text-slate-700 dark:text-slate-300">
          {updatedPoliciesTexts.intro}{' '}
          {missing.map((type, index) => (
            <Fragment key={type}>
              {index > 0 ? ' and ' : null}
              <PolicyLink type={type} />
            </Fragment>
          ))}
          .
        </p>
        {termsMissing ? (
          <CheckboxField
            label={updatedPoliciesTexts.termsCheckbox}
            checked={termsTicked}
            onChange={setTermsTicked}
            disabled={pending}
          />
        ) : null}
        <Alert>{error}</Alert>
        <div className="flex justify-end">
          <Button
            type="submit"
            label={pending ? 'Saving…' : updatedPoliciesTexts.acknowledgeButton}
            disabled={!enabled}
          />
        </div>
      </form>
    </Modal>
  );
}
