import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormCard, textLinkClass } from '../../../components/ui/form-card.tsx';
import { ResendConfirmationForm } from './resend-confirmation-form.tsx';

/** Signup step 'need-to-confirm-email' (§2): the server's message, and a way to get the link again. */
export function NeedToConfirmEmailStep({
  email,
  message,
  onStartAgain,
}: {
  email: string;
  message: string;
  onStartAgain: () => void;
}) {
  return (
    <FormCard title="Confirm your e-mail address">
      <Alert tone="success">{message}</Alert>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        We sent it to <strong className="break-all">{email}</strong>. Open the link in that e-mail, then sign
        in. Nothing arrived after a few minutes? Check your spam folder, or:
      </p>
      <div className="mt-4">
        <ResendConfirmationForm email={email} />
      </div>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        Wrong address?{' '}
        <button type="button" onClick={onStartAgain} className={textLinkClass}>
          Start again
        </button>
      </p>
    </FormCard>
  );
}

/**
 * Signup step 'login' (§2): the address already has an account, so the way on is signing in, and from an
 * invitation back to its acceptance (`returnTo`) afterwards.
 */
export function LoginStep({
  email,
  returnTo,
  ready = false,
}: {
  email: string;
  returnTo?: string;
  /** The account was just created and its address confirmed by the invitation link (ADR 033). */
  ready?: boolean;
}) {
  const params = new URLSearchParams();
  if (email) params.set('email', email);
  if (returnTo) params.set('returnTo', returnTo);
  const query = params.toString();
  const href = query ? `/signin?${query}` : '/signin';
  if (ready)
    return (
      <FormCard title="Your account is ready">
        <p className="text-slate-700 dark:text-slate-300">
          The invitation link confirmed <strong className="break-all">{email}</strong>: there is no other
          e-mail to wait for. Sign in to join.
        </p>
        <div className="mt-6">
          <Button href={href} label="Sign in" />
        </div>
      </FormCard>
    );
  return (
    <FormCard title="You already have an account">
      <p className="text-slate-700 dark:text-slate-300">
        {email ? (
          <>
            <strong className="break-all">{email}</strong> already has a Touchline account.
          </>
        ) : (
          'This address already has a Touchline account.'
        )}{' '}
        Sign in to continue.
      </p>
      <div className="mt-6">
        <Button href={href} label="Sign in" />
      </div>
    </FormCard>
  );
}

/** Signup step 'error' (§2): why the signup cannot go on, and where to go instead. */
export function SignupErrorStep({ message }: { message: string }) {
  return (
    <FormCard title="We could not continue your signup">
      <Alert>{message}</Alert>
      <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
        <Link to="/signup" className={textLinkClass}>
          Sign up without an invitation
        </Link>{' '}
        or{' '}
        <Link to="/signin" className={textLinkClass}>
          sign in
        </Link>
        .
      </p>
    </FormCard>
  );
}
