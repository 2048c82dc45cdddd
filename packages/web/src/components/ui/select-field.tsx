import { useId } from 'react';
import { FieldFrame, fieldControlAria, fieldControlClass, type FieldFrameProps } from './field-frame.tsx';

/** One choice of a select field. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<FieldFrameProps, 'id' | 'children'> {
  name: string;
  options: readonly SelectOption[];
  defaultValue?: string | undefined;
  /** With onValueChange, a controlled select; without, the form reads it on submit. */
  value?: string | undefined;
  onValueChange?: ((value: string) => void) | undefined;
  disabled?: boolean;
}

/**
 * A labelled native select (keyboard and screen-reader behaviour come from the platform) whose hint and error are
 * tied to it, styled like the text fields.
 */
export function SelectField({
  label,
  name,
  options,
  defaultValue,
  value,
  onValueChange,
  description,
  error,
  required = false,
  disabled = false,
  className,
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} required={required} description={description} error={error} className={className}>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        value={value}
        onChange={onValueChange ? (event) => onValueChange(event.currentTarget.value) : undefined}
        required={required}
        disabled={disabled}
        {...fieldControlAria(id, { required, description, error })}
        className={fieldControlClass(error)}
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
