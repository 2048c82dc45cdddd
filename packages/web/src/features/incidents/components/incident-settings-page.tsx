import { useState, type FormEvent } from 'react';
import type { IncidentSettings } from '@touchline/contracts/incident-settings';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useIncidents } from '../api/get-incidents.ts';
import { useIncidentSettings, useIncidentSettingsWrites } from '../api/incident-settings.ts';
import { TextAreaField, cardClass, fieldErrorsOf } from './incident-form-parts.tsx';
import { OwnIncidentTypes } from './own-incident-types.tsx';

/** The roles an organization may grant incident access to (Admin always has it). */
const grantableRoles: { role: IncidentSettings['accessRoles'][number]; label: string }[] = [
  { role: 'Admin', label: 'Administrators (always)' },
  { role: 'Account Manager', label: 'Account managers' },
  { role: 'Director', label: 'Directors' },
  { role: 'Manager', label: 'Managers' },
];

const checkClass = 'h-6 w-6 shrink-0 accent-emerald-700';
const rowClass = 'flex min-h-11 items-center gap-3 text-base';
const errorClass = 'mt-1 text-sm font-medium text-red-700 dark:text-red-300';

/** A message for a failed call that is not about one field (403, 409, a fault). */
function formErrorOf(error: unknown): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.validationErrors.length > 0) return null;
  return error instanceof Error ? error.message : 'Something went wrong';
}

/**
 * /incidents/settings (ADR 040), for administrators at the top level, phone first: who reads incidents (the roles
 * granted incident access), how soon a report must be triaged, which types tell an involved child's guardian, and
 * the organization's own incident types (added, archived after a confirmation, restored). Every field shows its own
 * error.
 */
export function IncidentSettingsPage() {
  useDocumentTitle('Incident settings');
  const settings = useIncidentSettings();
  const list = useIncidents();
  if (settings.isPending || list.isPending) return <Spinner label="Loading…" />;
  if (settings.isError)
    return (
      <Alert>
        {settings.error instanceof ApiError && settings.error.status === 403
          ? 'Only administrators at the top of the organization change incident settings.'
          : 'The incident settings could not be loaded.'}
      </Alert>
    );
  return (
    <div className="mx-auto max-w-xl space-y-6 p-4">
      <h1 className="text-2xl font-bold">Incident settings</h1>
      <SettingsForm
        key={JSON.stringify(settings.data)}
        settings={settings.data}
        types={list.data?.types ?? []}
      />
      <OwnIncidentTypes />
      <AddTypeForm />
    </div>
  );
}

function SettingsForm({
  settings,
  types,
}: {
  settings: IncidentSettings;
  types: readonly { code: string; name: string; notifiesGuardian: boolean }[];
}) {
  const { save } = useIncidentSettingsWrites();
  const [roles, setRoles] = useState<string[]>(settings.accessRoles);
  const [notices, setNotices] = useState<string[]>(
    settings.guardianNoticeTypes ?? types.filter((t) => t.notifiesGuardian).map((t) => t.code),
  );
  const errors = fieldErrorsOf(save.error);
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const hours = String(form.get('triageHours') ?? '').trim();
    save.mutate({
      accessRoles: roles as IncidentSettings['accessRoles'],
      triageHours: hours === '' ? Number.NaN : Number(hours),
      guardianNoticeTypes: notices,
    });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset className={cardClass} aria-describedby={errors.accessRoles ? 'access-error' : undefined}>
        <legend className="px-1 text-lg font-semibold">Who reads incidents</legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          These roles read, triage and close incidents at their level and below. Everyone else sees only the
          reports they made.
        </p>
        {grantableRoles.map(({ role, label }) => (
          <label key={role} className={rowClass}>
            <input
              type="checkbox"
              className={checkClass}
              checked={roles.includes(role)}
              disabled={role === 'Admin' && roles.includes('Admin')}
              onChange={() => setRoles((r) => toggle(r, role))}
            />
            {label}
          </label>
        ))}
        {errors.accessRoles ? (
          <p id="access-error" className={errorClass}>
            {errors.accessRoles}
          </p>
        ) : null}
      </fieldset>
      <div className={cardClass}>
        <TextField
          name="triageHours"
          type="text"
          label="Triage deadline (hours)"
          description="A report still waiting after this long is sent to the incident managers again."
          defaultValue={String(settings.triageHours)}
          required
          error={errors.triageHours}
        />
      </div>
      <fieldset
        className={cardClass}
        aria-describedby={errors.guardianNoticeTypes ? 'notice-error' : undefined}
      >
        <legend className="px-1 text-lg font-semibold">Tell the guardian</legend>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          When a child is involved in a report of these types, their guardian gets an e-mail (never what
          happened).
        </p>
        {types.map((t) => (
          <label key={t.code} className={rowClass}>
            <input
              type="checkbox"
              className={checkClass}
              checked={notices.includes(t.code)}
              onChange={() => setNotices((n) => toggle(n, t.code))}
            />
            {t.name}
          </label>
        ))}
        {errors.guardianNoticeTypes ? (
          <p id="notice-error" className={errorClass}>
            {errors.guardianNoticeTypes}
          </p>
        ) : null}
      </fieldset>
      <Alert>{formErrorOf(save.error)}</Alert>
      <Alert tone="success">{save.isSuccess ? 'Incident settings saved.' : null}</Alert>
      <Button
        type="submit"
        label={save.isPending ? 'Saving…' : 'Save settings'}
        disabled={save.isPending}
        className="w-full"
      />
    </form>
  );
}

function AddTypeForm() {
  const { addType } = useIncidentSettingsWrites();
  const [formKey, setFormKey] = useState(0);
  const [added, setAdded] = useState<string | null>(null);
  const errors = fieldErrorsOf(addType.error);
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get('name') ?? '');
    setAdded(null);
    addType.mutate(
      {
        name,
        description: String(form.get('description') ?? ''),
        notifiesGuardian: form.get('notifiesGuardian') === 'on',
      },
      {
        onSuccess: () => {
          setAdded(name.trim());
          setFormKey((k) => k + 1);
        },
      },
    );
  };
  return (
    <form key={formKey} onSubmit={onSubmit} noValidate className={`${cardClass} space-y-4`}>
      <h2 className="text-lg font-semibold">Add an incident type</h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Your own types sit beside the built-in ones. Removal from play and the duty to report abuse stay with
        the built-in concussion and misconduct types.
      </p>
      <TextField name="name" label="Name" required error={errors.name} />
      <TextAreaField
        name="description"
        label="When to choose it"
        required
        rows={3}
        error={errors.description}
      />
      <label className={rowClass}>
        <input type="checkbox" name="notifiesGuardian" className={checkClass} />
        Tell an involved child’s guardian
      </label>
      <Alert>{formErrorOf(addType.error)}</Alert>
      <Alert tone="success">{added ? `Added “${added}”.` : null}</Alert>
      <Button
        type="submit"
        label={addType.isPending ? 'Adding…' : 'Add the type'}
        disabled={addType.isPending}
        variant="secondary"
        className="w-full"
      />
    </form>
  );
}
