import { useId, useState, type FormEvent } from 'react';
import { VerificationKind, gradeOptions, verificationKindLabels } from '@touchline/contracts/verification';
import type { AgeProofType } from '@touchline/contracts/age-verification';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import type { RequirementSlotProps } from '../../../lib/requirement-slots.tsx';
import { useAgeVerification, useSubmitAgeVerification } from '../api/age-verification.ts';
import { CitizenshipForm } from './citizenship-form.tsx';
import { gradeText, proofTypeLabel, statusMessages } from './verification-labels.ts';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/**
 * Age and grade verification (type 7) for the member or their guardian, phone first: what to photograph and how
 * before the camera opens, then the date of birth and/or grade, the kind of document and the photo. The answer
 * says at once whether it matched or went to a reviewer; a blurry or unreadable photo is refused with the spec's
 * guidance so the member can take it again.
 */
export function AgeVerificationPanel({ definitionId, profileLevelAccessId, canAct }: RequirementSlotProps) {
  const ref = { definitionId, profileLevelAccessId };
  const state = useAgeVerification(ref);
  const submit = useSubmitAgeVerification(ref);
  const id = useId();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [grade, setGrade] = useState('');
  const [proofType, setProofType] = useState<string>('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  if (state.isPending) return <Spinner label="Loading your verification…" />;
  if (state.isError || !state.data)
    return <Alert>{`Your verification could not be loaded. ${state.error?.message ?? ''}`}</Alert>;
  const v = state.data;
  const needsAge = v.kind !== VerificationKind.Grade;
  const needsGrade = v.kind !== VerificationKind.Age;
  // A member born abroad is offered only what the league asks of them (ADR 039 "Citizenship"), said before the photo.
  const offered =
    v.abroadRule?.applies === 'Applies'
      ? v.acceptedProofTypes.filter((t) => (v.abroadRule?.proofTypes as string[]).includes(t))
      : v.acceptedProofTypes;
  const chosenType = (offered.includes(proofType as AgeProofType) ? proofType : offered[0]) as AgeProofType;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (needsAge && !dateOfBirth) missing.dateOfBirth = 'Enter the date of birth';
    if (needsGrade && grade === '') missing.grade = 'Choose a grade';
    if (!file) missing.file = 'Take or choose a photo of the document';
    setErrors(missing);
    setFormError(null);
    if (Object.keys(missing).length > 0 || !file) return;
    submit.mutate(
      {
        proofType: chosenType,
        file,
        ...(needsAge ? { dateOfBirth } : {}),
        ...(needsGrade ? { grade: Number(grade) } : {}),
      },
      {
        onError: (err) => {
          if (err instanceof ApiError && err.validationErrors.length > 0)
            setErrors(Object.fromEntries(err.validationErrors.map((e) => [e.field, e.message])));
          else setFormError(err.message);
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Proves: <strong>{verificationKindLabels[v.kind]}</strong>
      </p>
      <Alert
        tone={v.status === 'RejectedReview' ? 'error' : v.status.startsWith('Cleared') ? 'success' : 'info'}
      >
        {statusMessages[v.status]}
      </Alert>
      {v.latest && v.latest.reasons.length > 0 && v.status === 'PendingReview' ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          It could not be matched automatically, so a person will look at it. You do not need to do anything.
        </p>
      ) : null}
      {v.dateOfBirthVerified && v.dateOfBirth ? (
        <p className="text-sm">Verified date of birth: {v.dateOfBirth}</p>
      ) : null}
      {canAct && v.maySubmit && v.abroadRule?.applies === 'CitizenshipNeeded' ? (
        <CitizenshipForm profileId={v.abroadRule.profileId} />
      ) : null}
      {canAct && v.maySubmit && v.abroadRule?.applies === 'Applies' ? (
        <p className="text-sm">
          This league asks a member born abroad for:{' '}
          <strong>{offered.map((t) => proofTypeLabel(t)).join(' or ')}</strong>.
        </p>
      ) : null}
      {canAct && v.maySubmit && v.abroadRule?.applies !== 'CitizenshipNeeded' ? (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby={`${id}-title`}>
          <h3 id={`${id}-title`} className="text-base font-semibold">
            Verify with a document
          </h3>
          <section
            aria-label="How to take the photo"
            className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
          >
            <p className="font-medium">Before you take the photo</p>
            <ul className="list-disc pl-5">
              <li>Lay the document flat in good light, without glare or shadows.</li>
              <li>Fit the whole document in the frame; every word must be sharp and readable.</li>
              <li>On a driver licence or ID card, photograph the back with the barcode.</li>
            </ul>
            <p className="mt-2 text-slate-600 dark:text-slate-400">
              The photo is seen only by you, your guardian and your organization’s reviewers, and is deleted
              30 days after the decision; what was read and the decision are kept.
            </p>
          </section>
          {needsAge ? (
            <TextField
              name="dateOfBirth"
              type="date"
              label="Date of birth"
              required
              value={dateOfBirth}
              onValueChange={setDateOfBirth}
              error={errors.dateOfBirth}
            />
          ) : null}
          {needsGrade ? (
            <SelectField
              name="grade"
              label="Grade"
              required
              options={[
                { value: '', label: 'Choose a grade' },
                ...gradeOptions.map((g) => ({ value: String(g.value), label: g.label })),
              ]}
              value={grade}
              onValueChange={setGrade}
              error={errors.grade}
            />
          ) : null}
          <SelectField
            name="proofType"
            label="Kind of document"
            options={offered.map((t) => ({ value: t, label: proofTypeLabel(t) }))}
            value={chosenType}
            onValueChange={setProofType}
            error={errors.proofType}
          />
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium">
              Photo of the document
            </label>
            <input
              id={`${id}-file`}
              name="file"
              type="file"
              accept="image/jpeg,image/png"
              capture="environment"
              className={inputClass}
              aria-invalid={errors.file ? true : undefined}
              aria-describedby={errors.file ? `${id}-file-error` : undefined}
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
            {errors.file ? (
              <p id={`${id}-file-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {errors.file}
              </p>
            ) : null}
          </div>
          <Alert>{formError}</Alert>
          <Button
            type="submit"
            label={submit.isPending ? 'Checking the document…' : 'Submit'}
            disabled={submit.isPending}
          />
        </form>
      ) : null}
      {v.latest ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Last document: {proofTypeLabel(v.latest.proofType)},{' '}
          {new Date(v.latest.submittedAt).toLocaleString()}
          {v.latest.statedGrade !== null ? ` · grade stated ${gradeText(v.latest.statedGrade)}` : ''}
        </p>
      ) : null}
    </div>
  );
}
