import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type {
  CredentialShare,
  CredentialSharing,
  ShareableCredential,
} from '@touchline/contracts/credential-sharing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCredentialSharing } from '../api/credential-sharing.ts';
import { CredentialSummary, dayText } from './credential-summary.tsx';
import { ReceivedCredentialsSection } from './received-credentials-section.tsx';
import { RevokeShareDialog } from './revoke-share-dialog.tsx';
import { ShareDialog } from './share-dialog.tsx';

const card = 'rounded-lg border border-slate-200 p-4 dark:border-slate-700';

/**
 * Route /profile/:profileId/credential-sharing (ADR 049): the member (or their guardian) shares a completed, valid
 * credential with another organization they belong to — one credential, one organization, by consent — sees what
 * was shared and stops sharing at any time; and sees what their other organizations shared here.
 */
export function CredentialSharingPage() {
  const { profileId = '' } = useParams();
  const sharing = useCredentialSharing(profileId);
  useDocumentTitle('Share credentials');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-4">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
          {sharing.data ? `Share ${sharing.data.memberName}'s credentials` : 'Share credentials'}
        </h1>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Another organization you belong to can count a credential already earned here instead of asking for
          it again. You choose each credential and each organization, and you can stop sharing at any time.
        </p>
      </div>
      {sharing.isPending ? (
        <Spinner label="Loading credentials" />
      ) : sharing.isError ? (
        <Alert>{sharing.error.message}</Alert>
      ) : sharing.data ? (
        <SharingSections profileId={profileId} data={sharing.data} />
      ) : null}
      <ReceivedCredentialsSection profileId={profileId} />
    </div>
  );
}

function SharingSections({ profileId, data }: { profileId: string; data: CredentialSharing }) {
  const [sharing, setSharing] = useState<ShareableCredential | null>(null);
  const [revoking, setRevoking] = useState<CredentialShare | null>(null);
  const live = data.shares.filter((s) => s.revokedAt === null);
  return (
    <>
      <section aria-labelledby="shareable-heading" className="space-y-3">
        <h2 id="shareable-heading" className="text-lg font-semibold">
          Credentials you can share
        </h2>
        {data.credentials.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Nothing to share yet. A completed, still valid background check, abuse-prevention training, age or
            identity verification or US Soccer license can be shared.
          </p>
        ) : data.destinations.length === 0 ? (
          <Alert tone="info">
            There is no membership in another organization to share with. Once you join another organization
            on Touchline, it appears here.
          </Alert>
        ) : null}
        <ul className="space-y-3">
          {data.credentials.map((credential) => (
            <li key={credential.memberRequirementId} className={card}>
              <h3 className="mb-2 font-semibold">{credential.summary.requirementName}</h3>
              <CredentialSummary summary={credential.summary} />
              {data.destinations.length > 0 ? (
                <div className="mt-3">
                  <Button
                    label={`Share ${credential.summary.requirementName}…`}
                    variant="secondary"
                    onClick={() => setSharing(credential)}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="shares-heading" className="space-y-3">
        <h2 id="shares-heading" className="text-lg font-semibold">
          Shared so far
        </h2>
        {data.shares.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">Nothing has been shared.</p>
        ) : (
          <ul className="space-y-3">
            {data.shares.map((share) => (
              <li key={share.id} className={card}>
                <p className="font-semibold">
                  {share.summary.requirementName} → {share.targetOrganizationName}
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  Shared on {dayText(share.sharedAt)}
                  {share.revokedAt ? ` · Stopped on ${dayText(share.revokedAt)}` : ' · Shared now'}
                </p>
                {share.resumesOnRenewal ? (
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    It expired here before it was renewed. When it is renewed here,{' '}
                    {share.targetOrganizationName} sees it again, unless you stop sharing it.
                  </p>
                ) : null}
                {share.revokedAt === null || share.resumesOnRenewal ? (
                  <div className="mt-3">
                    <Button label="Stop sharing…" variant="quaternary" onClick={() => setRevoking(share)} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {live.length > 0 ? (
          <p className="text-xs text-slate-600 dark:text-slate-400">
            When you stop sharing, the other organization no longer sees the credential and asks for its own.
          </p>
        ) : null}
      </section>

      {sharing ? (
        <ShareDialog
          profileId={profileId}
          memberName={data.memberName}
          credential={sharing}
          destinations={data.destinations}
          onClose={() => setSharing(null)}
        />
      ) : null}
      {revoking ? (
        <RevokeShareDialog profileId={profileId} share={revoking} onClose={() => setRevoking(null)} />
      ) : null}
    </>
  );
}
