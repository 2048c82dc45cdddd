import { useId, type ReactNode } from 'react';

/** The input types the settings forms need beyond TextField's (dates, phone numbers), plus the common ones. */
export type FormFieldType = 'text' | 'email' | 'tel' | 'date';

export interface FormFieldProps {
  label: string;
  name: string;
  type?: FormFieldType;
  autoComplete?: string;
  defaultValue?: string;
  /** A hint under the label, read out with the field. */
  description?: ReactNode;
  /** The field's error; marks it invalid and is read out with it. */
  error?: string | undefined;
  required?: boolean;
  /** Shown and focusable, but not editable (and still submitted with the form). */
  readOnly?: boolean;
  maxLength?: number;
  className?: string;
}

const inputBase =
  'mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 dark:text-slate-100';

/**
 * A labelled input of one of the {@link FormFieldType} types, with its hint and error tied to it for assistive technology;
 * a read-only field looks inert but stays in the tab order, so its value can still be read and copied.
 */
export function FormField({
  label,
  name,
  type = 'text',
  autoComplete,
  defaultValue,
  description,
  error,
  required = false,
  readOnly = false,
  maxLength,
  className = '',
}: FormFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const tone = readOnly
    ? 'border-slate-200 bg-slate-100 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300'
    : 'bg-white dark:bg-slate-950';
  const border = error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-700';
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {description ? (
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        aria-required={required || undefined}
        readOnly={readOnly}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputBase} ${readOnly ? tone : `${tone} ${border}`}`}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
