import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { ErrorCode } from '@touchline/contracts/errors';
import { invitationMessages } from '@touchline/contracts/invitations';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormCard } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { session, sessionUser, useSession } from '../../../lib/session.ts';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { forgetInvitation, pendingInvitation } from '../pending-invitation.ts';

function WrongAccount({ message }: { message: string }) {
  const { email } = sessionUser(useSession());
  return (
    <FormCard title="This invitation is for someone else">
      <Alert>{message}</Alert>
      <p className="mt-4 text-slate-700 dark:text-slate-300">
        You are signed in as <strong className="break-all">{email}</strong>. Sign out, then sign in (or create
        an account) with the address the invitation was sent to, and open the invitation link again.
      </p>
      <div className="mt-6">
        <Button label="Sign out" onClick={() => void session.signOut()} />
      </div>
    </FormCard>
  );
}

function Failed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <FormCard title="We could not accept your invitation">
      <Alert>{message}</Alert>
      <div className="mt-6 flex flex-wrap gap-3">
        {onRetry ? <Button label="Try again" onClick={onRetry} /> : null}
        <Button variant={onRetry ? 'secondary' : 'primary'} label="Go to the home page" href="/" />
      </div>
    </FormCard>
  );
}

/**
 * /invitation/accept: after the invitee signed up (or in), accepts the invitation they opened (?token=…, or the one
 * remembered from the signup link), switches them into the invited profile and opens its level.
 */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? pendingInvitation() ?? '';
  const acceptance = useAcceptInvitation(token);
  const error = acceptance.error;
  const code = error instanceof ApiError ? error.code : undefined;
  const settled = acceptance.isSuccess || code === ErrorCode.NotFound || code === ErrorCode.Conflict;
  useEffect(() => {
    // Done with, or never usable again: nothing is left to accept.
    if (settled) forgetInvitation();
  }, [settled]);

  if (!token) {
    return (
      <Failed message="There is no invitation to accept here. Open the link in your invitation e-mail to accept it." />
    );
  }
  if (acceptance.isSuccess) {
    return <Navigate to={`/levels/${encodeURIComponent(acceptance.data.hierarchyLevelId)}`} replace />;
  }
  if (acceptance.isError) {
    if (code === ErrorCode.Forbidden) return <WrongAccount message={acceptance.error.message} />;
    if (code === ErrorCode.NotFound) return <Failed message={invitationMessages.invalidLink} />;
    if (code === ErrorCode.Conflict) return <Failed message={acceptance.error.message} />;
    return <Failed message={acceptance.error.message} onRetry={() => void acceptance.refetch()} />;
  }
  return (
    <FormCard title="Accepting your invitation">
      <Spinner label="Joining your organization…" />
    </FormCard>
  );
}
