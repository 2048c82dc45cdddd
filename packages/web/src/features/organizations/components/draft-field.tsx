import { useId, type ReactNode } from 'react';

const inputClass =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 dark:bg-slate-950 dark:text-slate-100';
const borderClass = (error: string | undefined) =>
  error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-700';

type CommonProps = {
  label: string;
  /** The body field it edits ('general.name'), which is also how server field errors find it. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  description?: ReactNode;
  required?: boolean;
};

/** Label, hint and error of a draft field, tied to the control for assistive technology. */
function FieldFrame({
  id,
  label,
  required,
  description,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean | undefined;
  description?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
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
      {description ? (
        <p id={`${id}-description`} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, description: ReactNode, error: string | undefined) =>
  [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
  undefined;

/**
 * A controlled text input of the creation wizard: the draft is saved as the user types, so it survives a reload
 * (the shared TextField is uncontrolled).
 */
export function DraftField({
  type = 'text',
  autoComplete,
  ...props
}: CommonProps & { type?: 'text' | 'email' | 'tel' | 'date'; autoComplete?: string }) {
  const id = useId();
  return (
    <FieldFrame id={id} {...props}>
      <input
        id={id}
        name={props.name}
        type={type}
        autoComplete={autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        required={props.required}
        aria-required={props.required || undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.description, props.error)}
        className={`${inputClass} ${borderClass(props.error)}`}
      />
    </FieldFrame>
  );
}

/** A controlled native select of the creation wizard (the country list). */
export function DraftSelect({
  options,
  ...props
}: CommonProps & { options: readonly { value: string; label: string }[] }) {
  const id = useId();
  return (
    <FieldFrame id={id} {...props}>
      <select
        id={id}
        name={props.name}
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
        required={props.required}
        aria-required={props.required || undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props.description, props.error)}
        className={`${inputClass} ${borderClass(props.error)}`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
