import { useState } from 'react';
import { verificationKindLabels } from '@touchline/contracts/verification';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { RequirementSlotProps } from '../../../lib/requirement-slots.tsx';
import { openProofImage, useAgeVerification } from '../api/age-verification.ts';
import { gradeText, proofTypeLabel } from './verification-labels.ts';

const sourceLabels = { ocr: 'text (OCR)', pdf417: 'ID barcode (PDF417)', mrz: 'passport MRZ' } as const;

/**
 * What a reviewer decides an age verification on: what the member stated, what was read on the proof and where,
 * what it was compared with and why it was not cleared; the proof image opens on request (each view audited).
 */
export function VerificationEvidence({ definitionId, profileLevelAccessId }: RequirementSlotProps) {
  const ref = { definitionId, profileLevelAccessId };
  const state = useAgeVerification(ref);
  const [image, setImage] = useState<string | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  if (state.isPending) return <Spinner label="Loading the verification…" />;
  if (state.isError || !state.data)
    return <Alert>{`The verification could not be loaded. ${state.error?.message ?? ''}`}</Alert>;
  const v = state.data;
  const a = v.latest;
  if (!a) return <p className="text-sm">No document was handed in.</p>;
  const row = (label: string, stated: string, read: string) => (
    <tr key={label} className="border-t border-slate-200 dark:border-slate-700">
      <th scope="row" className="py-1 pr-3 text-left font-medium">
        {label}
      </th>
      <td className="py-1 pr-3">{stated}</td>
      <td className={`py-1 ${stated !== read ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}>
        {read}
      </td>
    </tr>
  );
  return (
    <section aria-label="Age verification evidence" className="space-y-3 text-sm">
      <h3 className="text-base font-semibold">
        {verificationKindLabels[v.kind]} verification · {proofTypeLabel(a.proofType)}
      </h3>
      {a.reasons.length > 0 ? (
        <div>
          <p className="font-medium">Why it was not cleared automatically</p>
          <ul className="list-disc pl-5">
            {a.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ) : (
        <p>Everything matched.</p>
      )}
      <table className="w-full">
        <caption className="text-left text-slate-700 dark:text-slate-300">
          Read from: {a.read.sources.map((s) => sourceLabels[s]).join(', ') || 'nothing'}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="text-left">
              Field
            </th>
            <th scope="col" className="text-left">
              Member
            </th>
            <th scope="col" className="text-left">
              Document
            </th>
          </tr>
        </thead>
        <tbody>
          {row(
            'Name',
            `${a.comparedWith.firstName} ${a.comparedWith.lastName}`,
            a.read.firstName || a.read.lastName
              ? `${a.read.firstName ?? ''} ${a.read.lastName ?? ''}`.trim()
              : 'searched in the text',
          )}
          {v.kind !== 'Grade'
            ? row('Date of birth', a.statedDateOfBirth ?? '—', a.read.dateOfBirth ?? 'not read')
            : null}
          {v.kind !== 'Age' ? row('Grade', gradeText(a.statedGrade), gradeText(a.read.grade)) : null}
        </tbody>
      </table>
      {a.read.documentExpiry ? <p>Document expires: {a.read.documentExpiry}</p> : null}
      {a.read.mrzValid !== null ? <p>MRZ check digits: {a.read.mrzValid ? 'valid' : 'failed'}</p> : null}
      {a.imageKept ? (
        <Button
          variant="secondary"
          label="Show the document photo"
          onClick={() => {
            setImageError(null);
            openProofImage(ref)
              .then(setImage)
              .catch((err: Error) => setImageError(err.message));
          }}
        />
      ) : (
        <p>The document photo was deleted after the retention period.</p>
      )}
      <Alert>{imageError}</Alert>
      {image ? (
        <img
          src={image}
          alt={`Document handed in: ${proofTypeLabel(a.proofType)}`}
          className="max-w-full rounded border"
        />
      ) : null}
    </section>
  );
}
