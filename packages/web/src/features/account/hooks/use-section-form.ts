import type { UseMutationResult } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
} from '../../../lib/forms.ts';

/**
 * One settings section's form: checks the values with the contract's schema, saves through the mutation, maps the
 * server's field errors onto the fields and says when it saved. Each section saves on its own.
 */
export function useSectionForm<T>(
  schema: ZodType<T>,
  mutation: UseMutationResult<unknown, Error, T>,
  onSaved?: () => void,
) {
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const checked = validateForm(schema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (checked.errors) return focusFirstError(form.current, checked.errors);
    mutation.mutate(checked.data, {
      onSuccess: () => {
        setSaved(true);
        onSaved?.();
      },
      onError: (error) => {
        const errors = fieldErrorsFromApi(error);
        setFieldErrors(errors);
        focusFirstError(form.current, errors);
      },
    });
  };

  const formError = mutation.isError && Object.keys(fieldErrors).length === 0 ? mutation.error.message : null;
  return { form, fieldErrors, saved: saved && !mutation.isPending, handleSubmit, formError };
}
