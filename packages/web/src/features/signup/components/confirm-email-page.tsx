import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormCard } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { signInHref } from '../pending-invitation.ts';
import { ResendConfirmationForm } from './resend-confirmation-form.tsx';

function ConfirmationFailed({ message }: { message: string }) {
  return (
    <FormCard title="We could not confirm your address">
      <Alert>{message}</Alert>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        The link may have expired or been used already. Enter your address to get a new one.
      </p>
      <div className="mt-4">
        <ResendConfirmationForm />
      </div>
    </FormCard>
  );
}

/**
 * /confirm-email?token=…: the link from the confirmation e-mail; confirms, then offers to sign in (and, when an
 * invitation waits, to accept it right after).
 */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirmation = useConfirmEmail(token);

  if (!token) return <ConfirmationFailed message="This confirmation link is incomplete." />;
  if (confirmation.isPending) {
    return (
      <FormCard title="Confirming your address">
        <Spinner label="Confirming your e-mail address…" />
      </FormCard>
    );
  }
  if (confirmation.isError) return <ConfirmationFailed message={confirmation.error.message} />;
  return (
    <FormCard title="Your e-mail address is confirmed">
      <Alert tone="success">Thank you. Your account is ready: sign in to start.</Alert>
      <div className="mt-6">
        <Button href={signInHref()} label="Sign in" />
      </div>
    </FormCard>
  );
}
