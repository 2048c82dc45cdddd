import { useRef, useState, type FormEvent } from 'react';
import { passwordRules, registerAccountBodySchema } from '@touchline/contracts/accounts';
import { signupPoliciesTexts } from '@touchline/contracts/messages';
import { AcceptanceType } from '@touchline/contracts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { PolicyLink } from '../../../components/ui/policy-link.tsx';
import { FormCard } from '../../../components/ui/form-card.tsx';
import { EmailField, TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { useRegisterAccount } from '../api/register-account.ts';

export interface FullSignupFormStepProps {
  email: string;
  firstName?: string;
  lastName?: string;
  /** After the account was created; the password lets an invitation confirm the address (ADR 033). */
  onRegistered: (email: string, message: string, password: string) => void;
  onBack: () => void;
}

/**
 * Signup step 'full-signup-form' (§2): names, password and the agreement to both policies (sign-up records it, so
 * the first sign-in meets no Updated Policies modal); the server's field errors land on their fields.
 */
export function FullSignupFormStep({
  email,
  firstName,
  lastName,
  onRegistered,
  onBack,
}: FullSignupFormStepProps) {
  const register = useRegisterAccount();
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    // A ticked box submits 'on' and an unticked one nothing; the contract wants the boolean.
    const checked = validateForm(registerAccountBodySchema, {
      ...values,
      acceptedPolicies: values.acceptedPolicies === 'on',
    });
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    const body = checked.data;
    register.mutate(body, {
      onSuccess: (message) => onRegistered(body.email, message, body.password),
      onError: (error) => {
        const errors = fieldErrorsFromApi(error);
        setFieldErrors(errors);
        // The next render shows the messages; focus follows once they are in the page.
        requestAnimationFrame(() => focusFirstError(form.current, errors));
      },
    });
  };

  const generalError = register.isError && Object.keys(fieldErrors).length === 0;
  return (
    <FormCard title="Tell us about you" intro="All fields are required.">
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-5"
      >
        <Alert>{generalError ? register.error.message : null}</Alert>
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={firstName ?? ''}
            error={fieldErrors.firstName}
            required
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={lastName ?? ''}
            error={fieldErrors.lastName}
            required
          />
        </div>
        <EmailField defaultValue={email} error={fieldErrors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          description={`At least ${passwordRules.minLength} characters.`}
          error={fieldErrors.password}
          required
        />
        <CheckboxField
          name="acceptedPolicies"
          required
          error={fieldErrors.acceptedPolicies}
          // Ticking the box answers its error at once; the other fields' errors wait for the next submit.
          onChange={() => setFieldErrors(({ acceptedPolicies: _answered, ...rest }) => rest)}
          label={
            <>
              {signupPoliciesTexts.before} <PolicyLink type={AcceptanceType.Terms} />{' '}
              {signupPoliciesTexts.between} <PolicyLink type={AcceptanceType.Privacy} />
            </>
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="transparent" label="Back" onClick={onBack} disabled={register.isPending} />
          <Button
            type="submit"
            label={register.isPending ? 'Creating your account…' : 'Create account'}
            disabled={register.isPending}
          />
        </div>
      </form>
    </FormCard>
  );
}
