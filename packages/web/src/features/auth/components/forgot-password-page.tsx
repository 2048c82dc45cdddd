import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { forgotPasswordBodySchema } from '@touchline/contracts/accounts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormCard, textLinkClass } from '../../../components/ui/form-card.tsx';
import { EmailField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

/** /forgot-password: asks for the address and sends a reset link; the answer never says whether it exists. */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(forgotPasswordBodySchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    forgot.mutate(checked.data, {
      onError: (error) => setFieldErrors(fieldErrorsFromApi(error)),
    });
  };

  if (forgot.isSuccess) {
    return (
      <FormCard title="Check your e-mail">
        <Alert tone="success">{forgot.data}</Alert>
        <p className="mt-6 text-sm">
          <Link to="/signin" className={textLinkClass}>
            Back to sign in
          </Link>
        </p>
      </FormCard>
    );
  }

  return (
    <FormCard
      title="Reset your password"
      intro="Enter the address you sign in with and we will e-mail you a link."
    >
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-5"
      >
        <Alert>{forgot.isError && Object.keys(fieldErrors).length === 0 ? forgot.error.message : null}</Alert>
        <EmailField error={fieldErrors.email} />
        <Button
          type="submit"
          label={forgot.isPending ? 'Sending…' : 'Send reset link'}
          disabled={forgot.isPending}
          className="w-full"
        />
      </form>
      <p className="mt-6 text-sm">
        <Link to="/signin" className={textLinkClass}>
          Back to sign in
        </Link>
      </p>
    </FormCard>
  );
}
