import type { Ref } from 'react';
import {
  FieldFrame,
  fieldControlClass,
  useField,
  type FieldFrameProps,
  type FieldValueProps,
} from './field-frame.tsx';

/** The input types the forms use. */
export type TextFieldType = 'text' | 'email' | 'password' | 'tel' | 'date' | 'datetime-local';

export interface TextFieldProps extends Omit<FieldFrameProps, 'id' | 'children'>, FieldValueProps {
  name: string;
  type?: TextFieldType;
  autoComplete?: string | undefined;
  defaultValue?: string | undefined;
  disabled?: boolean;
  /** Shown and focusable, but not editable (and still submitted with the form). */
  readOnly?: boolean;
  maxLength?: number | undefined;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input whose hint and error are tied to it for assistive technology; a read-only field looks inert but
 * stays in the tab order, so its value can still be read and copied.
 */
export function TextField({
  name,
  type = 'text',
  autoComplete,
  defaultValue,
  disabled = false,
  readOnly = false,
  maxLength,
  ref,
  ...field
}: TextFieldProps) {
  const { frame, control } = useField(field);
  return (
    <FieldFrame {...frame}>
      <input
        ref={ref}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        disabled={disabled}
        readOnly={readOnly}
        maxLength={maxLength}
        {...control}
        className={fieldControlClass(field.error, readOnly)}
      />
    </FieldFrame>
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

/** One field of a {@link TextFields} list: the field's props and the value it starts from. */
export type TextFieldSpec = Omit<
  TextFieldProps,
  'defaultValue' | 'error' | 'value' | 'onValueChange' | 'ref'
> & {
  initial?: string | null | undefined;
};

/** A form's uncontrolled fields, each starting from its value and showing its error by name, so forms list fields rather than repeat the markup. */
export function TextFields({
  fields,
  errors,
}: {
  fields: readonly TextFieldSpec[];
  errors: Partial<Record<string, string>>;
}) {
  return fields.map(({ initial, ...field }) => (
    <TextField key={field.name} {...field} defaultValue={initial ?? ''} error={errors[field.name]} />
  ));
}
