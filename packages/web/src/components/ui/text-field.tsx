import { useId, type ReactNode, type Ref } from 'react';

export interface TextFieldProps {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  defaultValue?: string;
  /** A hint under the label (e.g. the password rules), read out with the field. */
  description?: ReactNode;
  /** The field's error; marks it invalid and is read out with it. */
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

const inputBase =
  'mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 disabled:opacity-60 dark:bg-slate-950 dark:text-slate-100';

/** A labelled text input whose hint and error are tied to it for assistive technology. */
export function TextField({
  label,
  name,
  type = 'text',
  autoComplete,
  defaultValue,
  description,
  error,
  required = false,
  disabled = false,
  ref,
}: TextFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
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
        <p id={descriptionId} className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      <input
        ref={ref}
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        aria-required={required || undefined}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`${inputBase} ${error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-700'}`}
      />
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The e-mail address field every account form asks for first (sign-in, sign-up, reset, resend): one label, name
 * and input type, so the forms read and validate alike.
 */
export function EmailField({
  autoComplete = 'email',
  ...props
}: Pick<TextFieldProps, 'autoComplete' | 'defaultValue' | 'error'>) {
  return (
    <TextField
      label="E-mail address"
      name="email"
      type="email"
      autoComplete={autoComplete}
      required
      {...props}
    />
  );
}
