import type { MemberUsSoccerLicenses } from '@touchline/contracts/us-soccer';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useUsSoccerRecord } from '../api/us-soccer-record.ts';

const matchText: Record<NonNullable<MemberUsSoccerLicenses['match']>, string> = {
  matched: 'The record’s name and date of birth match the member.',
  name_mismatch:
    'The record is under a different name or date of birth than the member’s. Approve only if it is the same person (a nickname, a maiden name); otherwise reset it so the member corrects their id.',
  not_found: 'The federation has no record under this id.',
};

const disciplineName = (discipline: string) => (discipline === 'referee' ? 'Referee' : 'Coaching');

/**
 * A US Soccer license in review (ADR 032): the federation's record the lookup found beside the member's name, the
 * license the requirement asks for, and the licenses held, so the reviewer decides a name mismatch on what the
 * federation says rather than on an empty file list.
 */
export function UsSoccerRecord({
  definitionId,
  plaId,
  memberName,
}: {
  definitionId: string;
  plaId: string;
  memberName: string;
}) {
  const record = useUsSoccerRecord({ definitionId, plaId });
  if (record.isPending) return <Spinner label="Loading the license record" />;
  if (record.isError)
    return <Alert>{`The license record could not be loaded: ${record.error.message}`}</Alert>;
  const r = record.data;
  return (
    <section aria-label="US Soccer license record" className="space-y-3 text-sm">
      <h3 className="text-base font-semibold">US Soccer license record</h3>
      {r.checkedAt ? (
        <>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="font-medium">Member</dt>
            <dd className="break-words">{memberName}</dd>
            <dt className="font-medium">Name on the record</dt>
            <dd className="break-words">{r.recordName ?? '—'}</dd>
            <dt className="font-medium">US Soccer id</dt>
            <dd className="font-mono break-all">{r.ussfId ?? '—'}</dd>
            <dt className="font-medium">Required</dt>
            <dd>
              {r.requiredLicense
                ? `${disciplineName(r.requiredLicense.discipline)} ${r.requiredLicense.grade} or higher`
                : `An unexpired ${disciplineName(r.discipline).toLowerCase()} license`}
            </dd>
          </dl>
          <p className="text-slate-700 dark:text-slate-300">
            Looked up {new Date(r.checkedAt).toLocaleString()} at{' '}
            {r.sandbox ? 'the US Soccer sandbox (a stand-in for testing, not US Soccer)' : 'US Soccer'}.
          </p>
          {r.match ? (
            <Alert tone={r.match === 'matched' ? 'success' : 'info'}>{matchText[r.match]}</Alert>
          ) : null}
          {r.licenses.length === 0 ? (
            <p>No licenses are listed on the record.</p>
          ) : (
            <ul
              aria-label="Licenses on the record"
              className="divide-y divide-slate-200 rounded border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
            >
              {r.licenses.map((l, i) => (
                <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 p-2">
                  <span className="font-medium">
                    {disciplineName(l.discipline)} {l.grade}
                  </span>
                  <span>
                    {l.active ? 'In force' : 'Not in force'}
                    {l.expiresOn ? ` · expires ${l.expiresOn}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p>No lookup has been made for this member’s current id yet.</p>
      )}
    </section>
  );
}
