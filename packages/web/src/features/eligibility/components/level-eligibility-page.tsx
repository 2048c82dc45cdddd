import { useRef, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import {
  levelEligibilityBodySchema,
  type LevelEligibility,
  type LevelEligibilityBody,
} from '@touchline/contracts/eligibility';
import { gradeOptions } from '@touchline/contracts/verification';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  clearEditedError,
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
} from '../../../lib/forms.ts';
import { useLevelEligibility, useSetLevelEligibility } from '../api/level-eligibility.ts';

const gradeChoices = [
  { value: '', label: 'No bound' },
  ...gradeOptions.map((g) => ({ value: String(g.value), label: g.label })),
];

/** The form's text values as the request's body: empty is null, numbers are numbers (zod then checks them). */
function bodyOf(values: Record<string, string>) {
  const numberOrNull = (v: string | undefined) => (v ? Number(v) : null);
  return {
    ageGroupLabel: values.ageGroupLabel?.trim() || null,
    bornInOrAfterYear: numberOrNull(values.bornInOrAfterYear?.trim()),
    minGrade: numberOrNull(values.minGrade),
    maxGrade: numberOrNull(values.maxGrade),
  };
}

/** Route /levels/:levelId/eligibility: an admin sets the level's age group and grade bounds (ADR 039). */
export function LevelEligibilityPage() {
  const { levelId = '' } = useParams();
  const eligibility = useLevelEligibility(levelId);
  return (
    <main className="mx-auto max-w-xl p-4">
      <h1 className="text-xl font-semibold">Eligibility</h1>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        A verified member born before the age group&apos;s year is flagged <strong>Over age</strong>, one born
        after it <strong>Plays up</strong>; a verified grade below the lowest <strong>Plays up</strong>, above
        the highest <strong>Over grade</strong>. Levels below use these bounds unless they set their own.
      </p>
      {eligibility.isPending ? (
        <p role="status">Loading…</p>
      ) : eligibility.isError || !eligibility.data ? (
        <Alert tone="error">{eligibility.error?.message ?? 'The eligibility could not be read'}</Alert>
      ) : (
        <EligibilityForm levelId={levelId} current={eligibility.data} />
      )}
    </main>
  );
}

function EligibilityForm({ levelId, current }: { levelId: string; current: LevelEligibility }) {
  const form = useRef<HTMLFormElement>(null);
  const save = useSetLevelEligibility(levelId);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(levelEligibilityBodySchema, bodyOf(formValues(event.currentTarget)));
    setFieldErrors(checked.errors ?? {});
    setMessage(null);
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    try {
      await save.mutateAsync(checked.data as LevelEligibilityBody);
      setMessage({ tone: 'success', text: 'Eligibility saved' });
    } catch (error) {
      const errors = fieldErrorsFromApi(error);
      setFieldErrors(errors);
      if (Object.keys(errors).length === 0)
        setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
      focusFirstError(form.current, errors);
    }
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(e) => void handleSubmit(e)}
      onInput={clearEditedError(setFieldErrors)}
      className="mt-4 space-y-4"
    >
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <TextField
        label="Age group"
        name="ageGroupLabel"
        description="For example U12"
        defaultValue={current.ageGroupLabel ?? ''}
        error={fieldErrors.ageGroupLabel}
      />
      <TextField
        label="Born in or after (year)"
        name="bornInOrAfterYear"
        description="For example 2015 for U12 in the 2026–27 season (the year it ends − 12)"
        defaultValue={current.bornInOrAfterYear?.toString() ?? ''}
        error={fieldErrors.bornInOrAfterYear}
      />
      <SelectField
        label="Lowest grade"
        name="minGrade"
        options={gradeChoices}
        defaultValue={current.minGrade?.toString() ?? ''}
        error={fieldErrors.minGrade}
      />
      <SelectField
        label="Highest grade"
        name="maxGrade"
        options={gradeChoices}
        defaultValue={current.maxGrade?.toString() ?? ''}
        error={fieldErrors.maxGrade}
      />
      <Button
        type="submit"
        label={save.isPending ? 'Saving…' : 'Save eligibility'}
        disabled={save.isPending}
      />
    </form>
  );
}
