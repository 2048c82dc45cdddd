import { useId, type ChangeEvent, type ReactNode } from 'react';

/** What every labelled field shows around its control. */
export interface FieldFrameProps {
  /** The control's id; the hint and the error take it as a prefix. */
  id: string;
  label: string;
  required?: boolean | undefined;
  /** A hint under the label, read out with the field. */
  description?: ReactNode;
  /** The field's error; marks it invalid and is read out with it. */
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}

/** The ids the control lists in aria-describedby: its hint, then its error, so both are read out with it. */
export function fieldDescribedBy(id: string, description: ReactNode, error: string | undefined) {
  return (
    [description ? `${id}-description` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}

/** The aria attributes every field control carries, so required, invalid and described read the same everywhere. */
export function fieldControlAria(
  id: string,
  { required, description, error }: Pick<FieldFrameProps, 'required' | 'description' | 'error'>,
) {
  return {
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescribedBy(id, description, error),
  } as const;
}

const controlBase =
  'mt-1 block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-1 focus:outline-emerald-600 disabled:opacity-60 dark:text-slate-100';
const readOnlyTone =
  'border-slate-200 bg-slate-100 text-slate-700 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300';

/** The control's classes: one look for inputs and selects, red when invalid, greyed when read-only. */
export function fieldControlClass(error: string | undefined, readOnly = false) {
  if (readOnly) return `${controlBase} ${readOnlyTone}`;
  const border = error ? 'border-red-700 dark:border-red-400' : 'border-slate-300 dark:border-slate-700';
  return `${controlBase} bg-white dark:bg-slate-950 ${border}`;
}

/** Label, required mark, hint and error of one field, tied to its control for assistive technology. */
export function FieldFrame({
  id,
  label,
  required,
  description,
  error,
  className,
  children,
}: FieldFrameProps) {
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

/** What a field takes beyond its frame: a controlled value and its change, or neither (read on submit). */
export interface FieldValueProps {
  /** With onValueChange, a controlled field (the wizard's draft); without, the form reads it on submit. */
  value?: string | undefined;
  onValueChange?: ((value: string) => void) | undefined;
}

/**
 * One field's wiring, so an input and a select are labelled, described and controlled alike: the props of its
 * frame and those its control spreads (id, value, change, required and the aria attributes).
 */
export function useField({
  label,
  required = false,
  description,
  error,
  className,
  value,
  onValueChange,
}: Omit<FieldFrameProps, 'id' | 'children'> & FieldValueProps) {
  const id = useId();
  return {
    frame: { id, label, required, description, error, className },
    control: {
      id,
      value,
      onChange: onValueChange
        ? (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
            onValueChange(event.currentTarget.value)
        : undefined,
      required,
      ...fieldControlAria(id, { required, description, error }),
    },
  };
}
