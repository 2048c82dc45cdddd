import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { RequirementSlotProps } from '../../../lib/requirement-slots.tsx';
import { useIdentityVerification } from '../api/identity-verification.ts';

/** What a reviewer decides an identity verification on: the provider's reading, the member's data, the reasons. */
export function IdentityEvidence({ definitionId, profileLevelAccessId }: RequirementSlotProps) {
  const state = useIdentityVerification({ definitionId, profileLevelAccessId });
  if (state.isPending) return <Spinner label="Loading the verification…" />;
  if (state.isError || !state.data)
    return <Alert>{`The verification could not be loaded. ${state.error?.message ?? ''}`}</Alert>;
  const v = state.data;
  return (
    <section aria-label="Identity verification evidence" className="space-y-2 text-sm">
      <h3 className="text-base font-semibold">Identity verification</h3>
      {v.reasons.length > 0 ? (
        <ul className="list-disc pl-5">
          {v.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        <dt className="font-medium">Member</dt>
        <dd>
          {v.comparedWith
            ? `${v.comparedWith.firstName} ${v.comparedWith.lastName}, born ${v.comparedWith.dateOfBirth ?? '—'}`
            : '—'}
        </dd>
        <dt className="font-medium">Provider read</dt>
        <dd>
          {v.read && (v.read.firstName || v.read.lastName || v.read.dateOfBirth)
            ? `${[v.read.firstName, v.read.lastName].filter(Boolean).join(' ') || '—'}, born ${v.read.dateOfBirth ?? '—'}`
            : 'nothing (the document was not verified)'}
        </dd>
        <dt className="font-medium">Face photo check</dt>
        <dd>{v.facePhotoChecked ? 'passed' : 'not done'}</dd>
      </dl>
      <p className="text-slate-600 dark:text-slate-400">
        The provider’s images were deleted after its check; only this result is kept.
      </p>
    </section>
  );
}
