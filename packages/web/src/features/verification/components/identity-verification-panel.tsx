import { useId, useState, type FormEvent } from 'react';
import { identityDocumentTypeLabels } from '@touchline/contracts/verification';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { RequirementSlotProps } from '../../../lib/requirement-slots.tsx';
import { useIdentityActions, useIdentityVerification } from '../api/identity-verification.ts';
import { FacePhotoStep } from './face-photo-step.tsx';
import { statusMessages } from './verification-labels.ts';

const documentOptions = [
  { value: 'GovernmentIssuedPassport', label: identityDocumentTypeLabels.GovernmentIssuedPassport },
  { value: 'GovernmentIssuedId', label: identityDocumentTypeLabels.GovernmentIssuedId },
];

/**
 * Identity verification (type 9), one step at a time on a phone: the consent (what is kept, how long, who sees
 * it) accepted before anything else; the guidance and frame for the face photo before the front camera opens
 * (light, framing, no sunglasses, nothing over the face), the browser's quick check, then the server's face check
 * answering with the spec's reason; then
 * the identity provider's page for the document and selfie; then the result.
 */
export function IdentityVerificationPanel({
  definitionId,
  profileLevelAccessId,
  canAct,
}: RequirementSlotProps) {
  const ref = { definitionId, profileLevelAccessId };
  const state = useIdentityVerification(ref);
  const { start, sendPhoto, refresh } = useIdentityActions(ref);
  const id = useId();
  const [accepted, setAccepted] = useState(false);
  const [documentType, setDocumentType] = useState('GovernmentIssuedPassport');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (state.isPending) return <Spinner label="Loading your verification…" />;
  if (state.isError || !state.data)
    return <Alert>{`Your verification could not be loaded. ${state.error?.message ?? ''}`}</Alert>;
  const v = state.data;
  const fail = (err: Error) => setProblem(err.message);

  const onStart = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!accepted) return setProblem('Read and accept the consent before you start');
    if (!dateOfBirth) return setProblem('Enter the date of birth');
    start.mutate({ documentType, dateOfBirth }, { onError: fail });
  };

  return (
    <div className="space-y-5">
      <Alert
        tone={v.status.startsWith('Cleared') ? 'success' : v.status === 'RejectedReview' ? 'error' : 'info'}
      >
        {statusMessages[v.status]}
      </Alert>
      <Alert>{problem}</Alert>
      {canAct && v.nextStep === 'consent' ? (
        <form onSubmit={onStart} noValidate className="space-y-4" aria-labelledby={`${id}-consent`}>
          <h3 id={`${id}-consent`} className="text-base font-semibold">
            Before we start
          </h3>
          <p className="text-sm">{v.consent.text}</p>
          <div className="flex items-start gap-2">
            <input
              id={`${id}-accept`}
              type="checkbox"
              className="mt-1 h-5 w-5"
              checked={accepted}
              onChange={(e) => setAccepted(e.currentTarget.checked)}
            />
            <label htmlFor={`${id}-accept`} className="text-sm">
              I have read this and I agree (a guardian agrees for a child)
            </label>
          </div>
          <SelectField
            name="documentType"
            label="Identity document"
            options={documentOptions}
            value={documentType}
            onValueChange={setDocumentType}
          />
          <TextField
            name="dateOfBirth"
            type="date"
            label="Date of birth"
            required
            value={dateOfBirth}
            onValueChange={setDateOfBirth}
          />
          <Button
            type="submit"
            label={start.isPending ? 'Starting…' : 'Agree and start'}
            disabled={start.isPending}
          />
        </form>
      ) : null}
      {canAct && v.nextStep === 'photo' ? (
        <FacePhotoStep
          sending={sendPhoto.isPending}
          send={(photo) => {
            setProblem(null);
            sendPhoto.mutate(photo, { onError: fail });
          }}
        />
      ) : null}
      {canAct && v.nextStep === 'vendor' && v.vendorUrl ? (
        <section aria-labelledby={`${id}-vendor`} className="space-y-3">
          <h3 id={`${id}-vendor`} className="text-base font-semibold">
            Your ID and a selfie
          </h3>
          <p className="text-sm">
            The identity provider{v.vendorIsSandbox ? ' (a sandbox: nothing leaves this system)' : ''} asks
            for a photo of your document and a selfie, and compares them.
          </p>
          <Button href={v.vendorUrl} external target="_blank" label="Continue to the identity provider" />
          <Button
            variant="secondary"
            label={refresh.isPending ? 'Checking…' : 'I have finished: check the result'}
            onClick={() => refresh.mutate(undefined, { onError: fail })}
          />
        </section>
      ) : null}
      {v.nextStep === 'wait' && v.status === 'PendingVerification' ? (
        <Button
          variant="secondary"
          label="Check the result"
          onClick={() => refresh.mutate(undefined, { onError: fail })}
        />
      ) : null}
    </div>
  );
}
