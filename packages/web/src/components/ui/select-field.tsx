import {
  FieldFrame,
  fieldControlClass,
  useField,
  type FieldFrameProps,
  type FieldValueProps,
} from './field-frame.tsx';

/** One choice of a select field. */
export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<FieldFrameProps, 'id' | 'children'>, FieldValueProps {
  name: string;
  options: readonly SelectOption[];
  defaultValue?: string | undefined;
  disabled?: boolean;
}

/**
 * A labelled native select (keyboard and screen-reader behaviour come from the platform) whose hint and error are
 * tied to it, styled like the text fields.
 */
export function SelectField({ name, options, defaultValue, disabled = false, ...field }: SelectFieldProps) {
  const { frame, control } = useField(field);
  return (
    <FieldFrame {...frame}>
      <select
        name={name}
        defaultValue={defaultValue}
        disabled={disabled}
        {...control}
        className={fieldControlClass(field.error)}
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
