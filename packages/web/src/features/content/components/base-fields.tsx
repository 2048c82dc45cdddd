import { useId, type ReactNode } from 'react';
import { Frequency, ValidityMode } from '@touchline/contracts/requirement-settings';
import type { ContentDefinition } from '@touchline/contracts/content';
import type { FieldErrors } from '../../../lib/forms.ts';
import { inputClass, labelClass } from './content-format.ts';
import { FieldError } from './field-error.tsx';

/** The common fields as the editor holds them: text inputs' strings. */
export type BaseDraft = {
  name: string;
  instructions: string;
  isOptional: boolean;
  validityMode: string;
  validityDays: string;
  annualRenewalDate: string;
  dueKind: 'none' | 'date' | 'days';
  dueDate: string;
  dueInDays: string;
  expiringSoonDays: string;
  reminderFrequency: string;
  /** Who pays (ADR 031), and what the member pays, in dollars as typed. */
  payer: 'organization' | 'member';
  memberPrice: string;
};

/** The draft of a new definition, or of an existing one. */
export function baseDraftOf(def: ContentDefinition | undefined): BaseDraft {
  return {
    name: def?.name ?? '',
    instructions: def?.instructions ?? '',
    isOptional: def?.isOptional ?? false,
    validityMode: def?.validityMode ?? ValidityMode.None,
    validityDays: def?.validityDays?.toString() ?? '',
    annualRenewalDate: def?.annualRenewalDate ?? '',
    dueKind: def?.dueDate
      ? 'date'
      : def?.dueInDays !== null && def?.dueInDays !== undefined
        ? 'days'
        : 'none',
    dueDate: def?.dueDate ?? '',
    dueInDays: def?.dueInDays?.toString() ?? '',
    expiringSoonDays: (def?.expiringSoonDays ?? 30).toString(),
    reminderFrequency: def?.reminderFrequency ?? '',
    payer: def?.payer ?? 'organization',
    memberPrice:
      def?.memberPrice !== null && def?.memberPrice !== undefined ? (def.memberPrice / 100).toFixed(2) : '',
  };
}

/** Dollars as typed into cents; anything else is sent as typed, for the contract to refuse with a message. */
function centsOf(dollars: string): number | string | null {
  const trimmed = dollars.trim().replace(/^\$/, '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? Math.round(value * 100) : trimmed;
}

const numberOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

/** The request's common fields from the draft (the contract's schema checks them). */
export function baseBodyOf(d: BaseDraft): Record<string, unknown> {
  return {
    name: d.name,
    instructions: d.instructions,
    isOptional: d.isOptional,
    validityMode: d.validityMode,
    validityDays: d.validityMode === ValidityMode.Duration ? numberOrNull(d.validityDays) : null,
    annualRenewalDate: d.validityMode === ValidityMode.Annual ? d.annualRenewalDate || null : null,
    dueDate: d.dueKind === 'date' ? d.dueDate || null : null,
    dueInDays: d.dueKind === 'days' ? numberOrNull(d.dueInDays) : null,
    expiringSoonDays: numberOrNull(d.expiringSoonDays) ?? 30,
    reminderFrequency: d.reminderFrequency || null,
    payer: d.payer,
    memberPrice: centsOf(d.memberPrice),
  };
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error: string | undefined;
  children: (id: string, describedBy: string | undefined) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The fields every requirement has: name, instructions, optional, validity, due date, expiring-soon, reminders. */
export function BaseFields({
  draft,
  errors,
  onChange,
  showPayer = true,
}: {
  draft: BaseDraft;
  errors: FieldErrors;
  onChange: (d: BaseDraft) => void;
  /** False where the type's own content says who pays (a background check). */
  showPayer?: boolean;
}) {
  const set = <K extends keyof BaseDraft>(key: K, value: BaseDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const text = (key: keyof BaseDraft, label: string, type = 'text', field: string = key) => (
    <Field label={label} error={errors[field]}>
      {(id, describedBy) => (
        <input
          id={id}
          type={type}
          className={inputClass}
          value={String(draft[key])}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => set(key, e.currentTarget.value as never)}
        />
      )}
    </Field>
  );
  return (
    <div className="space-y-4">
      {text('name', 'Name')}
      <Field label="Instructions for members" error={errors.instructions}>
        {(id) => (
          <textarea
            id={id}
            rows={3}
            className={inputClass}
            value={draft.instructions}
            onChange={(e) => set('instructions', e.currentTarget.value)}
          />
        )}
      </Field>
      <div className="flex items-center gap-2">
        <input
          id="content-optional"
          type="checkbox"
          className="h-4 w-4 accent-emerald-700"
          checked={draft.isOptional}
          onChange={(e) => set('isOptional', e.currentTarget.checked)}
        />
        <label htmlFor="content-optional" className="text-sm">
          Optional (members are cleared without it)
        </label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Valid for" error={errors.validityMode}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={draft.validityMode}
              onChange={(e) => set('validityMode', e.currentTarget.value)}
            >
              <option value={ValidityMode.None}>Never expires</option>
              <option value={ValidityMode.Duration}>A number of days</option>
              <option value={ValidityMode.Annual}>Until a yearly renewal date</option>
              <option value={ValidityMode.PerRequirement}>Set per member</option>
            </select>
          )}
        </Field>
        {draft.validityMode === ValidityMode.Duration ? text('validityDays', 'Days valid', 'number') : null}
        {draft.validityMode === ValidityMode.Annual
          ? text('annualRenewalDate', 'Renewal date (MM-DD)')
          : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Due" error={undefined}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={draft.dueKind}
              onChange={(e) => set('dueKind', e.currentTarget.value as BaseDraft['dueKind'])}
            >
              <option value="none">No due date</option>
              <option value="date">On a date</option>
              <option value="days">Days after it is assigned</option>
            </select>
          )}
        </Field>
        {draft.dueKind === 'date' ? text('dueDate', 'Due date', 'date') : null}
        {draft.dueKind === 'days' ? text('dueInDays', 'Due after (days)', 'number') : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('expiringSoonDays', 'Expiring soon window (days)', 'number')}
        <Field label="Reminders" error={errors.reminderFrequency}>
          {(id) => (
            <select
              id={id}
              className={inputClass}
              value={draft.reminderFrequency}
              onChange={(e) => set('reminderFrequency', e.currentTarget.value)}
            >
              <option value="">Standard schedule</option>
              {Object.values(Frequency).map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {showPayer ? (
          <Field label="Who pays" error={errors.payer}>
            {(id) => (
              <select
                id={id}
                className={inputClass}
                value={draft.payer}
                onChange={(e) => set('payer', e.currentTarget.value as BaseDraft['payer'])}
              >
                <option value="organization">The organization</option>
                <option value="member">The member</option>
              </select>
            )}
          </Field>
        ) : null}
        {text('memberPrice', 'Price a member pays (USD)', 'text')}
      </div>
    </div>
  );
}
