import { useId, type ReactNode } from 'react';
import { fieldControlAria } from './field-frame.tsx';

export interface CheckboxFieldProps {
  label: ReactNode;
  name?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
  /** Must be ticked to submit (a form's agreement); announced as required. */
  required?: boolean;
  /** The field's error; marks it invalid and is read out with it. */
  error?: string | undefined;
}

/** A native checkbox with its label: keyboard and screen-reader behaviour come from the platform. */
export function CheckboxField({
  label,
  name,
  checked,
  defaultChecked,
  onChange,
  disabled,
  required,
  error,
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          defaultChecked={defaultChecked}
          disabled={disabled}
          onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
          {...fieldControlAria(id, { required, error })}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
        />
        <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
