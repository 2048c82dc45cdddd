import type { Dispatch, FormEvent, SetStateAction } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from './api-client.ts';

/** One message per field name, as shown under the fields of a form. */
export type FieldErrors = Partial<Record<string, string>>;

/** The text values of a submitted form, by field name (files and repeated names are not used by our forms). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

/**
 * Checks form values with the contract's schema, so the form and the request agree on one set of rules;
 * gives the parsed data, or the first message of each failing field.
 */
export function validateForm<T>(
  schema: ZodType<T>,
  values: unknown,
): { data: T; errors: null } | { data: null; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    errors[field] ??= issue.message;
  }
  return { data: null, errors };
}

/** The server's field errors of a failed call (400 validation_failed), keyed like the form's fields. */
export function fieldErrorsFromApi(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const errors: FieldErrors = {};
  for (const { field, message } of error.validationErrors) {
    // The server names body fields by their dotted path ('email'), possibly prefixed with the request part.
    const name = field.replace(/^body\./, '');
    errors[name] ??= message;
  }
  return errors;
}

/** Moves focus to the first field (in form order) that has an error, so keyboard users land on it. */
export function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  if (!form) return;
  const first = Array.from(form.elements).find(
    (el): el is HTMLInputElement => el instanceof HTMLInputElement && Boolean(errors[el.name]),
  );
  first?.focus();
}

/**
 * A form's `onInput`: the field just edited (typed in, ticked) loses its error at once; the others keep theirs until
 * the next check, so the message never lingers under a field the person has already put right.
 */
export function clearEditedError(setErrors: Dispatch<SetStateAction<FieldErrors>>) {
  return (event: FormEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLInputElement;
    if (!name) return;
    setErrors((errors) => {
      if (!errors[name]) return errors;
      const { [name]: _edited, ...rest } = errors;
      return rest;
    });
  };
}
