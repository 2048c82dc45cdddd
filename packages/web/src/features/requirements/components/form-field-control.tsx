import type { ReactNode } from 'react';
import type { FormField } from '@touchline/contracts/content';
import { isMultiChoice } from '@touchline/contracts/form-answers';
import type { DraftValue } from './form-answers.ts';

const control =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 dark:bg-slate-950 dark:text-slate-100';
const border = (error: string | undefined) =>
  error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-700';

function RequiredMark({ required }: { required: boolean }) {
  if (!required) return null;
  return (
    <span aria-hidden="true" className="text-red-700 dark:text-red-400">
      {' '}
      *
    </span>
  );
}

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
      {error}
    </p>
  );
}

/** The props of one rendered form field. */
export interface FormFieldControlProps {
  field: FormField;
  controlId: string;
  value: DraftValue;
  onChange: (value: DraftValue) => void;
  error: string | undefined;
  /** The control of a file field (it uploads on its own), rendered in place of an input. */
  fileControl?: ReactNode;
}

/**
 * One field of a built form (text, textarea, number, date, select, radio, checkbox, file) with its label, required
 * mark and error tied to the control for assistive technology.
 */
export function FormFieldControl({
  field,
  controlId,
  value,
  onChange,
  error,
  fileControl,
}: FormFieldControlProps) {
  const errorId = `${controlId}-error`;
  const aria = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': field.required || undefined,
  };
  const text = typeof value === 'string' ? value : '';

  if (field.kind === 'radio' || isMultiChoice(field)) {
    const multi = field.kind === 'checkbox';
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {field.label}
          <RequiredMark required={field.required} />
        </legend>
        <div className="mt-1 space-y-1">
          {(field.options ?? []).map((option, i) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type={multi ? 'checkbox' : 'radio'}
                id={i === 0 ? controlId : undefined}
                name={field.id}
                value={option}
                checked={multi ? chosen.includes(option) : text === option}
                onChange={(event) =>
                  onChange(
                    !multi
                      ? option
                      : event.currentTarget.checked
                        ? [...chosen, option]
                        : chosen.filter((c) => c !== option),
                  )
                }
                className="h-4 w-4 accent-emerald-700"
              />
              {option}
            </label>
          ))}
        </div>
        <FieldError id={errorId} error={error} />
      </fieldset>
    );
  }

  if (field.kind === 'checkbox') {
    return (
      <div>
        <div className="flex items-start gap-2">
          <input
            id={controlId}
            type="checkbox"
            name={field.id}
            checked={value === true}
            onChange={(event) => onChange(event.currentTarget.checked)}
            {...aria}
            className="mt-0.5 h-4 w-4 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-emerald-600"
          />
          <label htmlFor={controlId} className="text-sm text-slate-800 dark:text-slate-200">
            {field.label}
            <RequiredMark required={field.required} />
          </label>
        </div>
        <FieldError id={errorId} error={error} />
      </div>
    );
  }

  let input: ReactNode;
  if (field.kind === 'file') input = fileControl;
  else if (field.kind === 'textarea')
    input = (
      <textarea
        id={controlId}
        name={field.id}
        rows={4}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...aria}
        className={`${control} ${border(error)}`}
      />
    );
  else if (field.kind === 'select')
    input = (
      <select
        id={controlId}
        name={field.id}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...aria}
        className={`${control} ${border(error)}`}
      >
        <option value="">Choose…</option>
        {(field.options ?? []).map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  else
    input = (
      <input
        id={controlId}
        name={field.id}
        type={field.kind === 'number' ? 'number' : field.kind === 'date' ? 'date' : 'text'}
        inputMode={field.kind === 'number' ? 'decimal' : undefined}
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...aria}
        className={`${control} ${border(error)}`}
      />
    );

  return (
    <div>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {field.label}
        <RequiredMark required={field.required} />
      </label>
      {input}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
