import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDownloadSignedWaiver } from '../api/download-signed-waiver.ts';
import { useSignedWaiver } from '../api/get-signed-waiver.ts';
import type { RequirementRef } from '../api/requirement-paths.ts';

const fileNameOf = (name: string) =>
  `${name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'waiver'}-signed.pdf`;

/** The signed waiver: shown on request (who signed, when, as what name) and downloadable as its PDF. */
export function SignedWaiverActions({
  requirement,
  waiverName,
}: {
  requirement: RequirementRef;
  waiverName: string;
}) {
  const [showing, setShowing] = useState(false);
  const signed = useSignedWaiver(requirement, showing);
  const download = useDownloadSignedWaiver(requirement, fileNameOf(waiverName));
  return (
    <section
      aria-label="Signed waiver"
      className="space-y-3 rounded-md border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950"
    >
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          label={showing ? 'Hide the signed waiver' : 'View the signed waiver'}
          aria-expanded={showing}
          onClick={() => setShowing((v) => !v)}
        />
        <Button
          variant="secondary"
          label={download.isPending ? 'Downloading…' : 'Download the signed PDF'}
          disabled={download.isPending}
          onClick={() => download.mutate()}
        />
      </div>
      <Alert>{download.error ? `The PDF could not be downloaded: ${download.error.message}` : null}</Alert>
      {showing && signed.isPending ? <Spinner label="Loading the signed waiver…" /> : null}
      {showing && signed.isError ? (
        <Alert>{`The signed waiver could not be loaded: ${signed.error.message}`}</Alert>
      ) : null}
      {showing && signed.data ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Signed as</dt>
          <dd>{signed.data.typedName}</dd>
          <dt className="font-medium">Member</dt>
          <dd>{signed.data.memberName}</dd>
          <dt className="font-medium">Signed on</dt>
          <dd>{new Date(signed.data.signedAt).toLocaleString()}</dd>
        </dl>
      ) : null}
    </section>
  );
}
