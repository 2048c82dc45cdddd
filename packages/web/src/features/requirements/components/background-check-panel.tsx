import { useState } from 'react';
import type { BackgroundCheckView } from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  useBackgroundCheck,
  useContinueAtVendor,
  useDisputeBackgroundCheck,
  useRecordConsent,
  useRunBackgroundCheck,
  useUploadBackgroundCheckReport,
} from '../api/background-check.ts';
import { DisputeThread } from './dispute-thread.tsx';
import { FcraConsentForm } from './fcra-consent-form.tsx';
import { FileUploadForm } from './file-upload-form.tsx';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { asSentence } from '../../../lib/text.ts';

/** What the background-check panel needs: which requirement, the member's name, whether they may act. */
export interface BackgroundCheckPanelProps {
  requirement: RequirementRef;
  memberName: string;
  canAct: boolean;
}

/** One sentence for where the order stands, in the member's words. */
function whereItStands(view: BackgroundCheckView): string {
  switch (view.next) {
    case 'consent':
      return 'Read the disclosure and sign the authorization to start your background check.';
    case 'run':
      return 'Your authorization is signed. Order the check to continue.';
    case 'pay-and-run':
      return 'Your authorization is signed. Your organization asks you to pay for this check.';
    case 'continue-at-vendor':
      return 'Your check is ordered. Finish your details on the background-check provider’s page.';
    case 'wait':
      return 'The provider is working on your check. This page updates by itself.';
    default:
      return view.vendor === 'Generic'
        ? 'Your organization runs this check with its own provider. Upload the report you received.'
        : 'Nothing to do here right now.';
  }
}

function ConsentForm({
  requirement,
  view,
  memberName,
}: {
  requirement: RequirementRef;
  view: BackgroundCheckView;
  memberName: string;
}) {
  const consent = useRecordConsent(requirement);
  return (
    <FcraConsentForm
      ariaLabel="Background check authorization"
      disclosureTitle="Disclosure regarding background investigation"
      authorizeLabel="I authorize this background check"
      consentText={view.consentText}
      memberName={memberName}
      pending={consent.isPending}
      onSign={(body, onError) => consent.mutate(body, { onError })}
    />
  );
}

/**
 * A BackgroundCheck (issue 20, ADR 030): the FCRA disclosure and authorization in full, then the order, then the
 * vendor's hosted page; a sandbox standing in for the vendor is named as such.
 */
export function BackgroundCheckPanel({ requirement, memberName, canAct }: BackgroundCheckPanelProps) {
  const check = useBackgroundCheck(requirement);
  const memberPays = check.data?.payer === 'member';
  const run = useRunBackgroundCheck(requirement, memberPays);
  const vendor = useContinueAtVendor(requirement);
  const upload = useUploadBackgroundCheckReport(requirement);
  const dispute = useDisputeBackgroundCheck(requirement);
  const [notice, setNotice] = useState<string | null>(null);

  if (check.isPending) return <Spinner label="Loading…" />;
  if (check.error) return <Alert>{`The background check could not be loaded: ${check.error.message}`}</Alert>;
  const view = check.data;
  return (
    <div className="space-y-4">
      {view.sandbox ? (
        <Alert tone="info">
          Sandbox: this deployment uses Touchline’s own stand-in for the background-check provider. No real
          check is run.
        </Alert>
      ) : null}
      {view.organizationNotice ? (
        <section
          aria-label="A notice from your organization"
          className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm dark:border-sky-800 dark:bg-sky-950"
        >
          <p className="font-medium">A notice from your organization</p>
          <p className="break-words whitespace-pre-wrap">{view.organizationNotice}</p>
        </section>
      ) : null}
      <p>{whereItStands(view)}</p>
      {view.packageName ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Package: {view.packageName}</p>
      ) : null}
      {view.adverseAction ? (
        <Alert tone="info">
          {view.adverseAction.stage === 'pre-adverse'
            ? `Your organization sent you a pre-adverse action notice: ${asSentence(view.adverseAction.reason)} You can respond until ${new Date(view.adverseAction.disputeUntil).toLocaleString()}.`
            : `Your organization sent you a final adverse action notice: ${view.adverseAction.reason}.`}
        </Alert>
      ) : null}
      {view.adverseAction ? (
        <DisputeThread adverse={view.adverseAction} canAct={canAct} dispute={dispute} />
      ) : null}
      {canAct && view.next === 'consent' ? (
        <ConsentForm requirement={requirement} view={view} memberName={memberName} />
      ) : null}
      {canAct && (view.next === 'run' || view.next === 'pay-and-run') ? (
        <div className="space-y-2">
          <Button
            label={
              run.isPending ? 'Ordering…' : memberPays ? 'Order my paid check' : 'Order my background check'
            }
            disabled={run.isPending}
            onClick={() => run.mutate(undefined)}
          />
          {memberPays ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              You pay for this check yourself: pay for it under “What you owe” on this page and it is ordered
              as soon as the payment goes through. If you already paid, order it here.
            </p>
          ) : null}
          <Alert>{run.error ? run.error.message : null}</Alert>
        </div>
      ) : null}
      <Alert tone="success">{notice}</Alert>
      {canAct &&
      view.vendor === 'Generic' &&
      view.status !== RequirementStatus.PendingReview &&
      view.status !== RequirementStatus.Completed ? (
        <FileUploadForm
          label="Choose the report (PDF or photo)"
          submitLabel="Upload the report"
          onUpload={([file], onProgress) =>
            file ? upload.mutateAsync({ file, onProgress }) : Promise.reject(new Error('Choose a file'))
          }
          onUploaded={() => setNotice('Report uploaded. A reviewer at your organization will look at it.')}
        />
      ) : null}
      {canAct && view.next === 'continue-at-vendor' ? (
        <div className="space-y-2">
          <Button
            label={vendor.isPending ? 'Opening…' : 'Continue at the provider'}
            icon="↗"
            iconPosition="right"
            disabled={vendor.isPending}
            onClick={() => vendor.mutate()}
          />
          <Alert>
            {vendor.error ? `The provider’s page could not be opened: ${vendor.error.message}` : null}
          </Alert>
        </div>
      ) : null}
    </div>
  );
}
