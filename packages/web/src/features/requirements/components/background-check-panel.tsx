import { useId, useRef, useState, type FormEvent } from 'react';
import { recordConsentBodySchema, type BackgroundCheckView } from '@touchline/contracts/background-checks';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { fieldErrorsFromApi, focusFirstError, validateForm, type FieldErrors } from '../../../lib/forms.ts';
import {
  useBackgroundCheck,
  useContinueAtVendor,
  useDisputeBackgroundCheck,
  useRecordConsent,
  useRunBackgroundCheck,
  useUploadBackgroundCheckReport,
} from '../api/background-check.ts';
import { DisputeThread } from './dispute-thread.tsx';
import { FileUploadForm } from './file-upload-form.tsx';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { asSentence } from '../../../lib/text.ts';

/** What the background-check panel needs: which requirement, the member's name, whether they may act. */
export interface BackgroundCheckPanelProps {
  requirement: RequirementRef;
  memberName: string;
  canAct: boolean;
}

const textBox =
  'max-h-60 overflow-y-auto rounded-md border border-slate-300 bg-white p-3 text-sm whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-700 dark:bg-slate-950';

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
  const form = useRef<HTMLFormElement>(null);
  const consent = useRecordConsent(requirement);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const disclosureId = useId();
  const authorizationId = useId();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '');
    const checked = validateForm(recordConsentBodySchema, {
      textVersion: view.consentText.version,
      acceptDisclosure: data.get('acceptDisclosure') === 'on',
      acceptAuthorization: data.get('acceptAuthorization') === 'on',
      typedName: value('typedName'),
      address: {
        line1: value('address.line1'),
        line2: value('address.line2'),
        city: value('address.city'),
        state: value('address.state'),
        postalCode: value('address.postalCode'),
      },
    });
    setErrors(checked.errors ?? {});
    setFormError(null);
    if (!checked.data) return focusFirstError(form.current, checked.errors ?? {});
    consent.mutate(checked.data, {
      onError: (error) => {
        const fromServer = fieldErrorsFromApi(error);
        setErrors(fromServer);
        if (Object.keys(fromServer).length === 0) setFormError(error.message);
        focusFirstError(form.current, fromServer);
      },
    });
  };

  return (
    <form
      ref={form}
      noValidate
      onSubmit={handleSubmit}
      aria-label="Background check authorization"
      className="space-y-4"
    >
      <h2 id={disclosureId} className="text-lg font-semibold">
        Disclosure regarding background investigation
      </h2>
      <div role="region" aria-labelledby={disclosureId} tabIndex={0} className={textBox}>
        {view.consentText.disclosure}
      </div>
      <CheckboxField
        name="acceptDisclosure"
        label="I have read the disclosure"
        required
        error={errors.acceptDisclosure}
      />
      <h2 id={authorizationId} className="text-lg font-semibold">
        Authorization
      </h2>
      <div role="region" aria-labelledby={authorizationId} tabIndex={0} className={textBox}>
        {view.consentText.authorization}
      </div>
      <CheckboxField
        name="acceptAuthorization"
        label="I authorize this background check"
        required
        error={errors.acceptAuthorization}
      />
      <Alert>{formError}</Alert>
      <TextField
        label="Type your full name to sign"
        name="typedName"
        autoComplete="name"
        description={`Your name as your organization knows it: ${memberName}`}
        error={errors.typedName}
        required
      />
      <fieldset className="space-y-3">
        <legend className="font-medium">Your current address</legend>
        <TextField
          label="Street address"
          name="address.line1"
          autoComplete="address-line1"
          error={errors['address.line1']}
          required
        />
        <TextField
          label="Apartment, suite (optional)"
          name="address.line2"
          autoComplete="address-line2"
          error={errors['address.line2']}
        />
        <TextField
          label="City"
          name="address.city"
          autoComplete="address-level2"
          error={errors['address.city']}
          required
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="State"
            name="address.state"
            autoComplete="address-level1"
            error={errors['address.state']}
            required
          />
          <TextField
            label="ZIP code"
            name="address.postalCode"
            autoComplete="postal-code"
            error={errors['address.postalCode']}
            required
          />
        </div>
      </fieldset>
      <p className="text-xs text-slate-600 dark:text-slate-400">Text version {view.consentText.version}</p>
      <Button
        type="submit"
        label={consent.isPending ? 'Signing…' : 'Sign the authorization'}
        disabled={consent.isPending}
      />
    </form>
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
