import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { InvitationNextStep } from '@touchline/contracts/invitations';
import { SignupEntryMode, SignupStep } from '@touchline/contracts/signup';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormCard } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
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

function SignupSteps({ initial, returnTo }: { initial: SignupState; returnTo?: string }) {
  const [state, setState] = useState<SignupState>(initial);
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
          onRegistered={(email, message) =>
            setState({ ...state, step: SignupStep.NeedToConfirmEmail, email, message })
          }
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
      return <LoginStep email={state.email} {...(returnTo ? { returnTo } : {})} />;
    case SignupStep.Error:
      return <SignupErrorStep message={state.message ?? 'This signup link cannot be used.'} />;
  }
}

/**
 * The signup flow opened from an invitation link: the server says which step comes first, and the token is remembered
 * so that once the invitee has signed up, confirmed the address and signed in, the invitation is accepted.
 */
function InvitationSignup({ token }: { token: string }) {
  const invitation = useInvitationNextStep(token);
  const usable = invitation.isSuccess && invitation.data.step !== SignupStep.Error;
  useEffect(() => {
    if (usable) rememberInvitation(token);
  }, [usable, token]);
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
  return (
    <>
      {organizationName && levelName ? (
        <div className="mx-auto mb-4 w-full max-w-md">
          <Alert tone="info">
            You are invited to join <strong>{levelName}</strong> ({organizationName}).
          </Alert>
        </div>
      ) : null}
      <SignupSteps initial={fromInvitation(invitation.data)} returnTo={acceptInvitationPath} />
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
