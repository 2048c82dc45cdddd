import { useRef, useState, type FormEvent } from 'react';
import { resendConfirmationBodySchema } from '@touchline/contracts/accounts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmailField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';

/**
 * Sends the confirmation link again. With a known address it is one button; without, it asks for the address
 * (a confirmation link that failed carries none).
 */
export function ResendConfirmationForm({ email }: { email?: string }) {
  const resend = useResendConfirmation();
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = email ? { email } : formValues(event.currentTarget);
    const checked = validateForm(resendConfirmationBodySchema, values);
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    resend.mutate(checked.data.email, { onError: (error) => setFieldErrors(fieldErrorsFromApi(error)) });
  };

  return (
    <form
      onInput={clearEditedError(setFieldErrors)}
      ref={form}
      noValidate
      onSubmit={handleSubmit}
      className="space-y-4"
    >
      {email ? null : <EmailField error={fieldErrors.email} />}
      <Button
        type="submit"
        variant="secondary"
        label={resend.isPending ? 'Sending…' : 'Send the confirmation link again'}
        disabled={resend.isPending}
      />
      <Alert tone="success">{resend.isSuccess ? resend.data : null}</Alert>
      <Alert>{resend.isError && Object.keys(fieldErrors).length === 0 ? resend.error.message : null}</Alert>
    </form>
  );
}
