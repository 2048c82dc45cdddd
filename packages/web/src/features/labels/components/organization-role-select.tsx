import { useId } from 'react';
import { organizationRoleOptions } from './role-format.ts';

/**
 * The organization role a label gives (none, Manager, Director, Account Manager, Admin) as a labelled native
 * select, whose hint and error are read out with it.
 */
export function OrganizationRoleSelect({
  name = 'role',
  label = 'Organization role',
  defaultValue,
  error,
  disabled = false,
}: {
  name?: string;
  label?: string;
  defaultValue: string | null;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
        What holding this role allows, at its level and below.
      </p>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ''}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 disabled:opacity-60 dark:bg-slate-950 dark:text-slate-100 ${error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'}`}
      >
        {organizationRoleOptions.map((option) => (
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
