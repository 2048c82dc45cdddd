import { useState } from 'react';
import type { ShareableCredential, ShareDestination } from '@touchline/contracts/credential-sharing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { fieldErrorsFromApi, type FieldErrors } from '../../../lib/forms.ts';
import { useShareCredential } from '../api/credential-sharing.ts';
import { CredentialSummary } from './credential-summary.tsx';

/**
 * The consent (ADR 049): names the credential, shows exactly what the other organization will see and what it never
 * will, asks where to, and shares only once the box is ticked. Nothing is sent before.
 */
export function ShareDialog({
  profileId,
  memberName,
  credential,
  destinations,
  onClose,
}: {
  profileId: string;
  memberName: string;
  credential: ShareableCredential;
  destinations: readonly ShareDestination[];
  onClose: () => void;
}) {
  const share = useShareCredential(profileId);
  // With one membership elsewhere it is the one; with several, nothing is chosen for the member: consent names one
  // organization, and a preselected one is too easily the wrong one.
  const [target, setTarget] = useState(destinations.length === 1 ? (destinations[0]?.profileId ?? '') : '');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const destination = destinations.find((d) => d.profileId === target);
  const organization = destination?.organizationName ?? 'The organization you choose';

  const handleShare = async () => {
    setFailure(null);
    if (!destination) return setErrors({ targetProfileId: 'Choose where to share it' });
    if (!consent) return setErrors({ consent: 'Tick the box to consent to sharing this credential' });
    try {
      await share.mutateAsync({
        memberRequirementId: credential.memberRequirementId,
        targetProfileId: target,
        consent: true,
      });
      onClose();
    } catch (error) {
      const fields = fieldErrorsFromApi(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Modal isOpen onClose={onClose} title={`Share ${credential.summary.requirementName}?`}>
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {destinations.length > 1 ? (
          <SelectField
            label="Share with"
            name="targetProfileId"
            options={[
              { value: '', label: 'Choose an organization…' },
              ...destinations.map((d) => ({
                value: d.profileId,
                label: `${d.organizationName} (${d.memberName})`,
              })),
            ]}
            value={target}
            onValueChange={(value) => {
              setTarget(value);
              setConsent(false);
              setErrors({});
            }}
            error={errors.targetProfileId}
          />
        ) : (
          <p>
            Share with <strong>{organization}</strong>
            {destination ? ` (as ${destination.memberName})` : null}.
          </p>
        )}
        <div className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <p className="mb-2 font-semibold">
            What {destination ? organization : 'the organization you choose'} will see
          </p>
          <CredentialSummary summary={credential.summary} />
        </div>
        <p>
          {organization} will <strong>not</strong> see the report, documents, certificates or photos behind
          it.
        </p>
        {destination ? (
          <CheckboxField
            label={`I agree that ${organization} may see the summary above of ${memberName}'s ${credential.summary.requirementName} and count it toward its own requirements, until I stop sharing. When it is renewed here, ${organization} sees the renewed dates instead.`}
            checked={consent}
            onChange={(checked) => {
              setConsent(checked);
              setErrors({});
            }}
            required
            error={errors.consent ?? errors.memberRequirementId}
          />
        ) : (
          <p>Choose the organization first; the consent names it.</p>
        )}
        <Alert>{failure}</Alert>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button label="Cancel" variant="tertiary" onClick={onClose} />
        <Button
          label={share.isPending ? 'Sharing…' : 'Share'}
          disabled={share.isPending}
          onClick={() => void handleShare()}
        />
      </div>
    </Modal>
  );
}
