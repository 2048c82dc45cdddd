import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailSchema } from '@touchline/contracts/accounts';
import { Button } from '../../../components/ui/button.tsx';
import { FormCard, textLinkClass } from '../../../components/ui/form-card.tsx';
import { EmailField } from '../../../components/ui/text-field.tsx';
import {
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';

const askForEmailSchema = z.object({ email: emailSchema });

/** Signup step 'ask-for-email' (§2): the address the account will use. */
export function AskForEmailStep({
  email,
  onContinue,
}: {
  email: string;
  onContinue: (email: string) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(askForEmailSchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) return focusFirstError(form.current, checked.errors);
    onContinue(checked.data.email);
  };
  return (
    <FormCard
      title="Create your Touchline account"
      intro="Start with the e-mail address you want to sign in with."
    >
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-5"
      >
        <EmailField defaultValue={email} error={fieldErrors.email} />
        <Button type="submit" label="Continue" className="w-full" />
      </form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        Already have an account?{' '}
        <Link to="/signin" className={textLinkClass}>
          Sign in
        </Link>
      </p>
    </FormCard>
  );
}
