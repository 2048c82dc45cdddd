import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { browserLocation } from '../../../lib/browser-location.ts';
import { useAnswerPartnerSignIn, usePartnerSignInRequest } from '../api/partner-sign-in.ts';

const scopeWords: Record<string, string> = {
  openid: 'that you are this Touchline member',
  profile: 'your name',
  email: 'your e-mail address',
};

/**
 * /partner-sign-in?request=… (issue 31, ADR 041): a league partner sent the member here to sign in (the app shell
 * asked them to sign in first, on Touchline's own page: no password passes through the partner). They see who asks,
 * for which membership and what the partner will learn, then allow (their account is linked to the partner's
 * member id and the partner gets a one-time code) or decline (the partner is told so). Either way the browser goes
 * back to the partner's registered address.
 */
export function PartnerSignInPage() {
  const [params] = useSearchParams();
  const requestId = params.get('request');
  const request = usePartnerSignInRequest(requestId);
  const answer = useAnswerPartnerSignIn(requestId ?? '');
  const go = (approve: boolean) =>
    answer.mutate(approve, { onSuccess: (result) => result && browserLocation.assign(result.redirectUrl) });

  if (!requestId) {
    return (
      <Shell>
        <Alert>This link is incomplete. Go back to your league’s site and start again.</Alert>
      </Shell>
    );
  }
  if (request.isPending) {
    return (
      <Shell>
        <Spinner label="Loading the request…" />
      </Shell>
    );
  }
  if (request.error || !request.data) {
    return (
      <Shell>
        <Alert>
          {`${request.error?.message ?? 'This request was not found'}. It may have expired or been answered, or it names a membership of another organization or person. Go back to your league’s site and start again.`}
        </Alert>
      </Shell>
    );
  }
  const r = request.data;
  const partnerName = r.partner.sandbox ? `${r.partner.name} (sandbox)` : r.partner.name;
  return (
    <Shell>
      <div className="flex items-center gap-3">
        <img src={r.partner.logo} alt="" width={40} height={40} />
        <p className="text-lg font-semibold">{`${partnerName} asks to sign you in`}</p>
      </div>
      <p>
        {r.member.relation === 'child'
          ? `${r.partner.clientName} says you are the parent or guardian of its member ${r.partnerMemberId}: your child ${r.member.firstName} ${r.member.lastName} in this organization.`
          : `${r.partner.clientName} says you are its member ${r.partnerMemberId}: ${r.member.firstName} ${r.member.lastName} in this organization.`}
      </p>
      {r.member.relation === 'child' ? (
        <p>{`Afterwards you can check ${r.member.firstName}’s details, filled in from what ${r.partner.name} knows.`}</p>
      ) : null}
      {r.alreadyLinked ? (
        <p>Your Touchline account is already linked to this membership.</p>
      ) : (
        <p>{`Allowing links your Touchline account to this ${r.partner.name} membership. You can unlink it any time in your account settings.`}</p>
      )}
      <div>
        <p className="font-medium">{`${r.partner.name} will learn:`}</p>
        <ul className="list-disc pl-6">
          {r.scopes.map((s) => (
            <li key={s}>{scopeWords[s] ?? s}</li>
          ))}
        </ul>
      </div>
      <Alert>{answer.error ? answer.error.message : null}</Alert>
      <div className="flex flex-wrap gap-3">
        <Button
          label={answer.isPending ? 'Answering…' : `Allow and continue`}
          disabled={answer.isPending}
          onClick={() => go(true)}
        />
        <Button label="Decline" variant="secondary" disabled={answer.isPending} onClick={() => go(false)} />
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl space-y-4 p-4">
      <h1 className="text-2xl font-semibold">Sign in from your league’s site</h1>
      {children}
    </div>
  );
}
