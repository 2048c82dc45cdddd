import { useId, type ReactNode } from 'react';

export interface CheckboxFieldProps {
  label: ReactNode;
  name?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: (checked: boolean) => void;
  disabled?: boolean;
}

/** A native checkbox with its label: keyboard and screen-reader behaviour come from the platform. */
export function CheckboxField({
  label,
  name,
  checked,
  defaultChecked,
  onChange,
  disabled,
}: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        defaultChecked={defaultChecked}
        disabled={disabled}
        onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
        className="h-4 w-4 rounded border-slate-400 accent-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
      />
      <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
        {label}
      </label>
    </div>
  );
}
