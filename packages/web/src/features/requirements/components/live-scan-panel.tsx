import { useState } from 'react';
import { liveScanResultsNotice } from '@touchline/contracts/live-scan';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { downloadLiveScanRequestForm, useLiveScanUrls, useSubmitLiveScan } from '../api/live-scan.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';
import { FileUploadForm } from './file-upload-form.tsx';

/** What the LiveScan panel needs. */
export interface LiveScanPanelProps {
  requirement: RequirementRef;
  canSubmit: boolean;
}

/**
 * LiveScan screening (type 10): pick the state, download the pre-filled request form, get fingerprinted at a
 * LiveScan site, then submit the ATI number and a photo of the receipt for the organization's reviewer. The page
 * says plainly that results never reach Touchline.
 */
export function LiveScanPanel({ requirement, canSubmit }: LiveScanPanelProps) {
  const organizationId = useActiveProfile().data?.organizationId;
  const locations = useLiveScanUrls(organizationId);
  const submit = useSubmitLiveScan(requirement);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [ati, setAti] = useState('');
  const [atiError, setAtiError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  if (locations.isPending) return <Spinner label="Loading LiveScan locations…" />;
  const items = locations.data ?? [];
  const chosen = items.find((l) => l.id === locationId) ?? items[0];

  return (
    <div className="space-y-5">
      <Alert tone="info">{liveScanResultsNotice}</Alert>
      <Alert>
        {locations.error ? `LiveScan locations could not be loaded: ${locations.error.message}` : null}
      </Alert>
      {items.length === 0 && !locations.error ? (
        <p>Your organization has not listed a LiveScan request form yet. Ask your administrator.</p>
      ) : null}
      {chosen ? (
        <ol className="list-decimal space-y-4 pl-5">
          <li className="space-y-2">
            <SelectField
              name="location"
              label="Where you are fingerprinted"
              options={items.map((l) => ({ value: l.id, label: `${l.state} · ${l.name}` }))}
              value={chosen.id}
              onValueChange={setLocationId}
            />
            <p className="text-sm">
              Agency {chosen.agencyName} · ORI {chosen.ori}
            </p>
            <Button
              label="Download your pre-filled request form"
              variant="secondary"
              onClick={() => {
                setFormError(null);
                downloadLiveScanRequestForm(requirement, chosen.id).catch((err: Error) =>
                  setFormError(`The form could not be downloaded: ${err.message}`),
                );
              }}
            />
            <Alert>{formError}</Alert>
            {chosen.locationsUrl ? (
              <p className="text-sm">
                <a
                  href={chosen.locationsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-emerald-800 underline dark:text-emerald-300"
                >
                  Find a LiveScan site<span className="sr-only"> (new tab)</span>
                </a>
              </p>
            ) : null}
          </li>
          <li>Take the form and photo identification to a LiveScan site. Keep the receipt.</li>
          <li className="space-y-2">
            <p>Enter the ATI number from your receipt and upload a photo of it.</p>
            <Alert tone="success">{notice}</Alert>
            {canSubmit ? (
              <>
                <TextField
                  name="atiNumber"
                  label="ATI number"
                  autoComplete="off"
                  maxLength={20}
                  error={atiError}
                  value={ati}
                  onValueChange={setAti}
                />
                <FileUploadForm
                  label="Photo of the receipt"
                  submitLabel="Submit for review"
                  onUpload={([file], onProgress) => {
                    if (!/^[A-Za-z0-9-]{6,20}$/.test(ati.trim())) {
                      setAtiError('Enter the ATI number from your receipt (6 to 20 letters and digits)');
                      return Promise.reject(new Error('Enter the ATI number first'));
                    }
                    setAtiError(undefined);
                    return file
                      ? submit.mutateAsync({ atiNumber: ati.trim(), file, onProgress })
                      : Promise.reject(new Error('Choose a file'));
                  }}
                  onUploaded={() => setNotice('Submitted. A reviewer of your organization will confirm it.')}
                />
              </>
            ) : null}
          </li>
        </ol>
      ) : null}
    </div>
  );
}
