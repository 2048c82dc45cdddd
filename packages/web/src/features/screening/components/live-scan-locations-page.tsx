import { useRef, useState, type FormEvent } from 'react';
import {
  liveScanLocationBodySchema,
  usStateCodes,
  type LiveScanLocation,
} from '@touchline/contracts/live-scan';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fieldErrorsFromApi,
  focusFirstError,
  formValues,
  validateForm,
  type FieldErrors,
  clearEditedError,
} from '../../../lib/forms.ts';
import {
  useDeleteLiveScanLocation,
  useLiveScanLocations,
  useSaveLiveScanLocation,
} from '../api/live-scan-locations.ts';

const stateOptions = [
  { value: '', label: 'Pick the state' },
  ...usStateCodes.map((code) => ({ value: code, label: code })),
];
const orNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

function LocationForm({
  organizationId,
  editing,
  onDone,
}: {
  organizationId: string | null;
  editing: LiveScanLocation | null;
  onDone: (message: string) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const save = useSaveLiveScanLocation(organizationId);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const v = formValues(event.currentTarget);
    const checked = validateForm(liveScanLocationBodySchema, {
      state: v.state,
      name: v.name,
      requestFormUrl: orNull(v.requestFormUrl),
      locationsUrl: orNull(v.locationsUrl),
      ori: v.ori,
      agencyName: v.agencyName,
      agencyAddress: orNull(v.agencyAddress),
      mailCode: orNull(v.mailCode),
      levelOfService: orNull(v.levelOfService),
      typeOfApplicant: orNull(v.typeOfApplicant),
    });
    setErrors(checked.errors ?? {});
    setProblem(null);
    if (!checked.data) return focusFirstError(form.current, checked.errors ?? {});
    save.mutate(
      { locationId: editing?.id ?? null, body: checked.data },
      {
        onSuccess: (saved) => {
          form.current?.reset();
          onDone(`${saved.name} (${saved.state}) saved.`);
        },
        onError: (error) => {
          const fromServer = fieldErrorsFromApi(error);
          setErrors(fromServer);
          if (Object.keys(fromServer).length === 0) setProblem(error.message);
          focusFirstError(form.current, fromServer);
        },
      },
    );
  };
  const d = editing;
  return (
    <form
      onInput={clearEditedError(setErrors)}
      ref={form}
      key={d?.id ?? 'new'}
      noValidate
      onSubmit={handleSubmit}
      aria-label={d ? `Edit ${d.name}` : 'Add a location'}
      className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-700"
    >
      <h2 className="text-lg font-semibold">{d ? `Edit ${d.name}` : 'Add a location'}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          name="state"
          label="State"
          options={stateOptions}
          defaultValue={d?.state ?? ''}
          error={errors.state}
        />
        <TextField name="name" label="Name" defaultValue={d?.name} error={errors.name} maxLength={200} />
        <TextField
          name="requestFormUrl"
          label="Request form link"
          description="The state's own LiveScan request form (https://…)."
          defaultValue={d?.requestFormUrl ?? ''}
          error={errors.requestFormUrl}
        />
        <TextField
          name="locationsUrl"
          label="LiveScan sites link"
          description="Where members find a fingerprinting site (https://…)."
          defaultValue={d?.locationsUrl ?? ''}
          error={errors.locationsUrl}
        />
        <TextField
          name="ori"
          label="ORI"
          description="Your agency's Originating Agency Identifier: 7 to 9 letters and digits."
          defaultValue={d?.ori}
          error={errors.ori}
          maxLength={9}
        />
        <TextField
          name="agencyName"
          label="Agency name"
          defaultValue={d?.agencyName}
          error={errors.agencyName}
        />
        <TextField
          name="agencyAddress"
          label="Agency address (optional)"
          defaultValue={d?.agencyAddress ?? ''}
          error={errors.agencyAddress}
        />
        <TextField
          name="mailCode"
          label="Mail code (optional)"
          defaultValue={d?.mailCode ?? ''}
          error={errors.mailCode}
        />
        <TextField
          name="levelOfService"
          label="Level of service (optional)"
          defaultValue={d?.levelOfService ?? ''}
          error={errors.levelOfService}
        />
        <TextField
          name="typeOfApplicant"
          label="Type of applicant (optional)"
          defaultValue={d?.typeOfApplicant ?? ''}
          error={errors.typeOfApplicant}
        />
      </div>
      <Alert>{problem}</Alert>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          label={save.isPending ? 'Saving…' : d ? 'Save changes' : 'Add location'}
          disabled={save.isPending}
        />
        {d ? <Button label="Cancel" variant="secondary" onClick={() => onDone('')} /> : null}
      </div>
    </form>
  );
}

/**
 * /organization/live-scan: the organization's administrators keep the LiveScan locations list that
 * `GET /api/app/organization/{id}/live-scan-urls` serves members (by state, the request-form link, the ORI and agency
 * details the member's request form is pre-filled with; ADR 032).
 */
export function LiveScanLocationsPage({ organizationId }: { organizationId: string | null }) {
  const locations = useLiveScanLocations(organizationId);
  const remove = useDeleteLiveScanLocation(organizationId);
  const [editing, setEditing] = useState<LiveScanLocation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4">
      <h1 className="text-2xl font-semibold">LiveScan locations</h1>
      <p>
        Members completing a LiveScan requirement pick their state here, download a request form pre-filled
        with your agency details, and take it to a LiveScan site. Results go to your custodian of records,
        never to Touchline.
      </p>
      <Alert tone="success">{notice}</Alert>
      {locations.isPending ? <Spinner label="Loading locations…" /> : null}
      <Alert>
        {locations.error
          ? `The locations could not be loaded: ${locations.error.message}`
          : remove.error
            ? `The location could not be removed: ${remove.error.message}`
            : null}
      </Alert>
      {locations.data?.length === 0 ? <p>No locations yet: add the first below.</p> : null}
      {locations.data && locations.data.length > 0 ? (
        <ul className="space-y-3">
          {locations.data.map((l) => (
            <li
              key={l.id}
              className="space-y-1 rounded-md border border-slate-300 p-4 break-words dark:border-slate-700"
            >
              <p className="font-medium">
                {l.state} · {l.name}
              </p>
              <p className="text-sm">
                ORI {l.ori} · {l.agencyName}
                {l.agencyAddress ? ` · ${l.agencyAddress}` : ''}
                {l.mailCode ? ` · mail code ${l.mailCode}` : ''}
              </p>
              <p className="flex flex-wrap gap-x-4 text-sm">
                {l.requestFormUrl ? (
                  <a className="underline" href={l.requestFormUrl} target="_blank" rel="noopener noreferrer">
                    Request form ↗
                  </a>
                ) : (
                  <span>No request-form link</span>
                )}
                {l.locationsUrl ? (
                  <a className="underline" href={l.locationsUrl} target="_blank" rel="noopener noreferrer">
                    LiveScan sites ↗
                  </a>
                ) : null}
              </p>
              <div className="flex flex-wrap gap-2 pt-1">
                <Button
                  label="Edit"
                  aria-label={`Edit ${l.name}`}
                  variant="secondary"
                  onClick={() => {
                    setNotice(null);
                    setEditing(l);
                  }}
                />
                <Button
                  label="Remove"
                  aria-label={`Remove ${l.name}`}
                  variant="secondary"
                  tone="danger"
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(l.id, {
                      onSuccess: () => {
                        if (editing?.id === l.id) setEditing(null);
                        setNotice(`${l.name} (${l.state}) removed.`);
                      },
                    })
                  }
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <LocationForm
        organizationId={organizationId}
        editing={editing}
        onDone={(message) => {
          setEditing(null);
          setNotice(message || null);
        }}
      />
    </div>
  );
}
