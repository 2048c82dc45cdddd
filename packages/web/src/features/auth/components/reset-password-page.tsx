import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPasswordSchema, passwordRules } from '@touchline/contracts/accounts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormCard, textLinkClass } from '../../../components/ui/form-card.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useResetPassword } from '../api/reset-password.ts';

const resetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords do not match',
  });

/** /reset-password?token=…: the link from the reset e-mail; sets a new password. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  if (!token) {
    return (
      <FormCard title="This link is incomplete">
        <p>Open the link from the e-mail again, or ask for a new one.</p>
        <p className="mt-6 text-sm">
          <Link to="/forgot-password" className={textLinkClass}>
            Get a new reset link
          </Link>
        </p>
      </FormCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <FormCard title="Your password has been changed">
        <Alert tone="success">You can now sign in with your new password.</Alert>
        <div className="mt-6">
          <Button href="/signin" label="Sign in" />
        </div>
      </FormCard>
    );
  }

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(resetFormSchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    reset.mutate(
      { token, password: checked.data.password },
      { onError: (error) => setFieldErrors(fieldErrorsFromApi(error)) },
    );
  };

  const linkProblem = reset.isError && !fieldErrors.password;
  return (
    <FormCard title="Choose a new password">
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-5"
      >
        <Alert>
          {linkProblem ? (
            <>
              {reset.error.message}{' '}
              <Link to="/forgot-password" className={textLinkClass}>
                Get a new reset link
              </Link>
            </>
          ) : null}
        </Alert>
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          description={`At least ${passwordRules.minLength} characters.`}
          error={fieldErrors.password}
          required
        />
        <TextField
          label="Repeat the new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          error={fieldErrors.confirmPassword}
          required
        />
        <Button
          type="submit"
          label={reset.isPending ? 'Saving…' : 'Save new password'}
          disabled={reset.isPending}
          className="w-full"
        />
      </form>
    </FormCard>
  );
}
