import { useId } from 'react';

/** One choice of a select field. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  label: string;
  name: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
}

/**
 * A labelled native select (keyboard and screen-reader behaviour come from the platform) whose error is tied to it,
 * styled like the shared text fields.
 */
export function SelectField({
  label,
  name,
  options,
  defaultValue,
  error,
  required = false,
  disabled = false,
}: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700 dark:text-red-400">
            {' '}
            *
          </span>
        ) : null}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-required={required || undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 disabled:opacity-60 dark:bg-slate-950 dark:text-slate-100 ${error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
