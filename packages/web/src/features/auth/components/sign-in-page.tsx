import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { emailSchema, TokenErrorCode } from '@touchline/contracts/accounts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { FormCard, textLinkClass } from '../../../components/ui/form-card.tsx';
import { EmailField, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import {
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import { safeReturnTo } from '../../../lib/return-to.ts';
import { isSessionLoggedIn, useSession } from '../../../lib/session.ts';
import { useSignIn } from '../api/request-token.ts';

const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password'),
  remember: z.literal('on').optional(),
});

/** What to tell the user about a failed sign-in: the identity service's own words where it gave them. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'We could not reach Touchline. Check your connection and try again.';
    if (error.code === TokenErrorCode.SlowDown && error.retryAfterSeconds !== undefined) {
      const seconds = error.retryAfterSeconds;
      return `${error.message} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
    }
    return error.message;
  }
  return 'Something went wrong while signing you in. Please try again.';
}

/** A countdown in whole seconds (the Retry-After wait): the seconds left and a way to start it. */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setLeft((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return [left, setLeft];
}

/** /signin: e-mail and password against the identity service, then back to where the user was going. */
export function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const current = useSession();
  const signIn = useSignIn();
  const form = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [secondsLeft, startCountdown] = useCountdown();

  if (isSessionLoggedIn(current)) return <Navigate to={returnTo} replace />;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validateForm(signInFormSchema, formValues(event.currentTarget));
    setFieldErrors(checked.errors ?? {});
    if (!checked.data) {
      focusFirstError(form.current, checked.errors);
      return;
    }
    const { email, password, remember } = checked.data;
    signIn.mutate(
      { email, password, remember: remember === 'on' },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.retryAfterSeconds !== undefined) {
            startCountdown(error.retryAfterSeconds);
          }
        },
      },
    );
  };

  const waiting = secondsLeft > 0;
  return (
    <FormCard title="Sign in to Touchline">
      <form
        onInput={clearEditedError(setFieldErrors)}
        ref={form}
        noValidate
        onSubmit={handleSubmit}
        className="space-y-5"
        aria-describedby="signin-error"
      >
        <div id="signin-error">
          <Alert>{signIn.isError ? signInErrorMessage(signIn.error) : null}</Alert>
        </div>
        <EmailField
          autoComplete="username"
          defaultValue={params.get('email') ?? ''}
          error={fieldErrors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          error={fieldErrors.password}
          required
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField label="Keep me signed in" name="remember" />
          <Link to="/forgot-password" className={`text-sm ${textLinkClass}`}>
            Forgot your password?
          </Link>
        </div>
        <Button
          type="submit"
          label={signIn.isPending ? 'Signing in…' : 'Sign in'}
          disabled={signIn.isPending || waiting}
          className="w-full"
        />
        {waiting ? (
          <p className="text-center text-sm text-slate-600 dark:text-slate-400">
            You can try again in {secondsLeft} s.
          </p>
        ) : null}
      </form>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        New to Touchline?{' '}
        <Link to="/signup" className={textLinkClass}>
          Create an account
        </Link>
      </p>
    </FormCard>
  );
}
