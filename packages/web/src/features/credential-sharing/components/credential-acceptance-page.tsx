import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  credentialAcceptanceBodySchema,
  type CredentialAcceptance,
} from '@touchline/contracts/credential-sharing';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { fieldErrorsFromApi, validateForm, type FieldErrors } from '../../../lib/forms.ts';
import { useCredentialAcceptance, useSetCredentialAcceptance } from '../api/credential-sharing.ts';

/**
 * Route /content/:definitionId/credential-acceptance (ADR 049): an admin decides whether a requirement accepts a
 * credential a member shares from another organization instead of ordering a new one, and how old it may be.
 */
export function CredentialAcceptancePage() {
  const { definitionId = '' } = useParams();
  const acceptance = useCredentialAcceptance(definitionId);
  useDocumentTitle('Shared credentials');
  return (
    <div className="mx-auto max-w-xl space-y-4 p-4">
      <h1 className="text-xl font-semibold">Shared credentials</h1>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        A member who belongs to another organization on Touchline can share a credential they completed there.
        When this requirement accepts it, the member&apos;s requirement is met by it — until it expires or the
        member stops sharing — instead of a new one being ordered. You only ever see its summary: the result,
        the date, who issued it, the package and how long it is valid.
      </p>
      {acceptance.isPending ? (
        <Spinner label="Loading the setting" />
      ) : acceptance.isError ? (
        <Alert>{acceptance.error.message}</Alert>
      ) : acceptance.data ? (
        <AcceptanceForm current={acceptance.data} />
      ) : null}
      <Link to={`/content/${encodeURIComponent(definitionId)}`} className={`${textLinkClass} text-sm`}>
        Back to the requirement
      </Link>
    </div>
  );
}

function AcceptanceForm({ current }: { current: CredentialAcceptance }) {
  const save = useSetCredentialAcceptance(current.definitionId);
  const [accepts, setAccepts] = useState(current.acceptsShared);
  const [maxAge, setMaxAge] = useState(current.maxAgeDays?.toString() ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  if (!current.shareable) return <Alert tone="info">{current.criterion}</Alert>;

  const handleSave = async () => {
    setMessage(null);
    const body = { acceptsShared: accepts, maxAgeDays: maxAge.trim() === '' ? null : Number(maxAge) };
    const checked = validateForm(credentialAcceptanceBodySchema, body);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    try {
      await save.mutateAsync(checked.data);
      setMessage({ tone: 'success', text: 'Setting saved. Members’ statuses follow it now.' });
    } catch (error) {
      const fields = fieldErrorsFromApi(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0)
        setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void handleSave();
      }}
    >
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <CheckboxField
        label="Accept credentials members share from another organization"
        checked={accepts}
        onChange={setAccepts}
        error={errors.acceptsShared}
      />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <strong>Accepted when:</strong> {current.criterion} It must still be valid.
      </p>
      <TextField
        label="Not older than (days)"
        name="maxAgeDays"
        description="Leave empty to accept any completion date while it is valid"
        value={maxAge}
        onValueChange={setMaxAge}
        disabled={!accepts}
        error={errors.maxAgeDays}
      />
      <Button type="submit" label={save.isPending ? 'Saving…' : 'Save setting'} disabled={save.isPending} />
    </form>
  );
}
