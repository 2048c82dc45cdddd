import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { InvitationNextStep } from '@touchline/contracts/invitations';
import { SignupEntryMode, SignupStep } from '@touchline/contracts/signup';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormCard } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isSessionLoggedIn, session, sessionUser, useSession } from '../../../lib/session.ts';
import { confirmInvitedAddress } from '../api/confirm-invited-address.ts';
import { useInvitationNextStep } from '../api/get-invitation-next-step.ts';
import { acceptInvitationPath, rememberInvitation } from '../pending-invitation.ts';
import { AskForEmailStep } from './ask-for-email-step.tsx';
import { FullSignupFormStep } from './full-signup-form-step.tsx';
import { LoginStep, NeedToConfirmEmailStep, SignupErrorStep } from './outcome-steps.tsx';

/** Where the signup flow stands: the step and what the earlier steps learned. */
export interface SignupState {
  step: SignupStep;
  email: string;
  firstName?: string;
  lastName?: string;
  /** The server's words for the current step (the confirmation notice, an error). */
  message?: string;
  /** The invitation link confirmed the address of the account just created (ADR 033). */
  confirmedByInvitation?: boolean;
}

const start: SignupState = { step: SignupStep.AskForEmail, email: '' };

/** The entry mode of a signup link (§2): an invitation carries its token, the plain signup URL does not. */
export function signupEntryMode(token: string | null): SignupEntryMode {
  return token ? SignupEntryMode.Invitation : SignupEntryMode.SignupUrl;
}

function fromInvitation(next: InvitationNextStep): SignupState {
  return {
    step: next.step,
    email: next.email ?? '',
    ...(next.firstName ? { firstName: next.firstName } : {}),
    ...(next.lastName ? { lastName: next.lastName } : {}),
    ...(next.message ? { message: next.message } : {}),
  };
}

function SignupSteps({
  initial,
  returnTo,
  invitationToken,
}: {
  initial: SignupState;
  returnTo?: string;
  /** From an invitation: the link proves the address, so the new account is confirmed with it (ADR 033). */
  invitationToken?: string;
}) {
  const [state, setState] = useState<SignupState>(initial);
  const [confirming, setConfirming] = useState(false);
  const registered = (email: string, message: string, password: string) => {
    const needConfirmation = () =>
      setState({ ...state, step: SignupStep.NeedToConfirmEmail, email, message });
    if (!invitationToken) return needConfirmation();
    setConfirming(true);
    // An address the link cannot confirm (another account had it) falls back to the e-mailed confirmation.
    confirmInvitedAddress(invitationToken, password)
      .then(() => setState({ ...state, step: SignupStep.Login, email, confirmedByInvitation: true }))
      .catch(needConfirmation)
      .finally(() => setConfirming(false));
  };
  if (confirming)
    return (
      <FormCard title="Creating your account">
        <Spinner label="Confirming your address with the invitation…" />
      </FormCard>
    );
  switch (state.step) {
    case SignupStep.AskForEmail:
      return (
        <AskForEmailStep
          email={state.email}
          onContinue={(email) => setState({ ...state, step: SignupStep.FullSignupForm, email })}
        />
      );
    case SignupStep.FullSignupForm:
      return (
        <FullSignupFormStep
          email={state.email}
          {...(state.firstName ? { firstName: state.firstName } : {})}
          {...(state.lastName ? { lastName: state.lastName } : {})}
          onBack={() => setState({ ...state, step: SignupStep.AskForEmail })}
          onRegistered={registered}
        />
      );
    case SignupStep.NeedToConfirmEmail:
      return (
        <NeedToConfirmEmailStep
          email={state.email}
          message={state.message ?? 'Check your e-mail: we sent a link to confirm your address.'}
          onStartAgain={() => setState(start)}
        />
      );
    case SignupStep.Login:
      return (
        <LoginStep
          email={state.email}
          ready={state.confirmedByInvitation ?? false}
          {...(returnTo ? { returnTo } : {})}
        />
      );
    case SignupStep.Error:
      return <SignupErrorStep message={state.message ?? 'This signup link cannot be used.'} />;
  }
}

/**
 * An invitation link opened by someone already signed in (issue 18 item 6): the invitee joins in one click; another
 * account is told whose invitation it is and can sign out to switch.
 */
function SignedInInvitation({ token, invitation }: { token: string; invitation: InvitationNextStep }) {
  const me = sessionUser(useSession()).email;
  const organization = invitation.organizationName ?? 'the organization';
  const role = invitation.roleName ?? 'a member';
  const where = invitation.levelName ? ` at ${invitation.levelName}` : '';
  const invitee = invitation.email ?? '';
  if (invitee && me && invitee.toLowerCase() !== me.toLowerCase())
    return (
      <FormCard title="This invitation is for someone else">
        <p className="text-slate-700 dark:text-slate-300">
          This invitation to join <strong>{organization}</strong> as {role}
          {where} was sent to <strong className="break-all">{invitee}</strong>. You are signed in as{' '}
          <strong className="break-all">{me}</strong>.
        </p>
        <p className="mt-3 text-slate-700 dark:text-slate-300">
          To accept it, sign out, then sign in (or create an account) as {invitee} and open the invitation
          link again.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button label="Sign out to switch account" onClick={() => void session.signOut()} />
          <Button variant="secondary" label="Go to the home page" href="/" />
        </div>
      </FormCard>
    );
  if (invitation.accepted)
    return (
      <FormCard title="Invitation accepted">
        <p className="text-slate-700 dark:text-slate-300">
          This invitation to join <strong>{organization}</strong> as {role}
          {where} has already been accepted. You are signed in as <strong className="break-all">{me}</strong>.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button label={`Go to ${organization}`} href="/" />
        </div>
      </FormCard>
    );
  return (
    <FormCard title={`Join ${organization} as ${role}`}>
      <p className="text-slate-700 dark:text-slate-300">
        You are invited to join <strong>{organization}</strong> as {role}
        {where}. You are signed in as <strong className="break-all">{me}</strong>.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          label={`Join ${organization}`}
          href={`${acceptInvitationPath}?token=${encodeURIComponent(token)}`}
        />
        <Button variant="secondary" label="Not now" href="/" />
      </div>
    </FormCard>
  );
}

/**
 * The signup flow opened from an invitation link: the server says which step comes first, and the token is remembered
 * so that once the invitee has signed up, confirmed the address and signed in, the invitation is accepted.
 */
function InvitationSignup({ token }: { token: string }) {
  const signedIn = isSessionLoggedIn(useSession());
  const invitation = useInvitationNextStep(token);
  const usable = invitation.isSuccess && invitation.data.step !== SignupStep.Error;
  const open = usable && !invitation.data.accepted;
  useEffect(() => {
    if (open) rememberInvitation(token);
  }, [open, token]);
  if (invitation.isPending) {
    return (
      <FormCard title="Opening your invitation">
        <Spinner label="Checking your invitation…" />
      </FormCard>
    );
  }
  if (invitation.isError) {
    return (
      <SignupErrorStep
        message={`This invitation link could not be opened (${invitation.error.message}). It may have expired or been used already; ask the person who invited you for a new one.`}
      />
    );
  }
  const { organizationName, levelName } = invitation.data;
  if (usable && signedIn) return <SignedInInvitation token={token} invitation={invitation.data} />;
  return (
    <>
      {organizationName && levelName ? (
        <div className="mx-auto mb-4 w-full max-w-md">
          <Alert tone="info">
            You are invited to join <strong>{levelName}</strong> ({organizationName}).
          </Alert>
        </div>
      ) : null}
      <SignupSteps
        initial={fromInvitation(invitation.data)}
        returnTo={acceptInvitationPath}
        invitationToken={token}
      />
    </>
  );
}

/**
 * /signup (§2): from the signup URL the flow asks for the e-mail, then the full form, then asks the user to
 * confirm the address; from an invitation (?token=…) the server says which step comes first.
 */
export function SignupPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (signupEntryMode(token) === SignupEntryMode.Invitation && token) {
    return <InvitationSignup key={token} token={token} />;
  }
  return <SignupSteps initial={start} />;
}
