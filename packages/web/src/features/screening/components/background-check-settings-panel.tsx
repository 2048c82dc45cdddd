import { useId, useState, type FormEvent } from 'react';
import type { BackgroundCheckSettings } from '@touchline/contracts/background-checks';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { fieldErrorsFromApi, type FieldErrors, clearEditedError } from '../../../lib/forms.ts';
import {
  useBackgroundCheckSettings,
  useSaveBackgroundCheckSettings,
} from '../api/background-check-settings.ts';

/**
 * The organization's two background-check choices (spec §3 orgData): a notice of its own shown to members on their
 * background-check page, and whether flagged checks are decided outside Touchline (in the provider's dashboard), so
 * the review queue shows them without an in-app decision.
 */
export function BackgroundCheckSettingsPanel({ organizationId }: { organizationId: string | null }) {
  const settings = useBackgroundCheckSettings(organizationId);
  if (settings.isPending) return <Spinner label="Loading the background check settings…" />;
  if (settings.isError)
    return <Alert>{`The background check settings could not be loaded: ${settings.error.message}`}</Alert>;
  return <SettingsForm organizationId={organizationId} initial={settings.data} />;
}

function SettingsForm({
  organizationId,
  initial,
}: {
  organizationId: string | null;
  initial: BackgroundCheckSettings;
}) {
  const id = useId();
  const save = useSaveBackgroundCheckSettings(organizationId);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    if (form.showCustomerConfiguredBackgroundCheckNotice && !form.backgroundCheckNotice.trim()) {
      setErrors({ backgroundCheckNotice: 'Write the notice members will see' });
      document.getElementById(`${id}-notice`)?.focus();
      return;
    }
    setErrors({});
    save.mutate(form, {
      onSuccess: () => setSaved(true),
      onError: (error) => setErrors(fieldErrorsFromApi(error)),
    });
  };
  const noticeError = errors.backgroundCheckNotice;
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Settings
      </h2>
      <form onInput={clearEditedError(setErrors)} noValidate onSubmit={onSubmit} className="space-y-3">
        <CheckboxField
          label="Show members a notice of our own on their background check page"
          checked={form.showCustomerConfiguredBackgroundCheckNotice}
          onChange={(checked) => setForm({ ...form, showCustomerConfiguredBackgroundCheckNotice: checked })}
        />
        <div>
          <label htmlFor={`${id}-notice`} className="block text-sm font-medium">
            Notice to members
          </label>
          <textarea
            id={`${id}-notice`}
            rows={3}
            maxLength={4000}
            value={form.backgroundCheckNotice}
            onChange={(e) => setForm({ ...form, backgroundCheckNotice: e.currentTarget.value })}
            aria-invalid={noticeError ? true : undefined}
            aria-describedby={noticeError ? `${id}-notice-error` : undefined}
            className="mt-1 w-full rounded-md border border-slate-300 bg-white p-2 text-sm dark:border-slate-700 dark:bg-slate-950"
          />
          {noticeError ? (
            <p id={`${id}-notice-error`} className="text-sm text-red-700 dark:text-red-400">
              {noticeError}
            </p>
          ) : null}
        </div>
        <CheckboxField
          label="We review flagged background checks outside Touchline, in the provider’s dashboard"
          checked={form.reviewBackgroundChecksExternally}
          onChange={(checked) => setForm({ ...form, reviewBackgroundChecksExternally: checked })}
        />
        <p className="text-xs text-slate-600 dark:text-slate-400">
          Flagged checks then stay in the review queue for information only: the provider’s decision (clear or
          final adverse action) updates them here.
        </p>
        {save.error && Object.keys(errors).length === 0 ? <Alert>{save.error.message}</Alert> : null}
        {saved ? <Alert tone="success">The background check settings are saved.</Alert> : null}
        <Button
          type="submit"
          label={save.isPending ? 'Saving…' : 'Save settings'}
          disabled={save.isPending}
        />
      </form>
    </section>
  );
}
