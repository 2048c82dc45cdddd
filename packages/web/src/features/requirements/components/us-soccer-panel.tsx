import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MemberUsSoccerLicenses } from '@touchline/contracts/us-soccer';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { requirementsKey, type RequirementRef } from '../api/requirement-paths.ts';
import { useMemberUsSoccerLicenses, useSetUssfId } from '../api/us-soccer.ts';

/** What the US Soccer panel needs: the member's requirement and profile. */
export interface UsSoccerPanelProps {
  requirement: RequirementRef;
}

const matchText: Record<NonNullable<MemberUsSoccerLicenses['match']>, string> = {
  matched: 'The license record matches your name.',
  name_mismatch:
    'The license record is under a different name or date of birth, so a reviewer of your organization will check it.',
  not_found: 'US Soccer has no record under this id. Check the 16-digit id in your Learning Center profile.',
};

/**
 * A US Soccer license (type 11): the member enters their 16-digit US Soccer id; the server looks their licenses up
 * at the license provider (again every day) and the requirement follows the license's own expiry. A sandbox
 * provider is named as one.
 */
export function UsSoccerPanel({ requirement }: UsSoccerPanelProps) {
  // The lookup seen when the id was saved: until a newer one arrives, the page waits (and polls) for it.
  const [savedOver, setSavedOver] = useState<{ checkedAt: string | null } | null>(null);
  const [awaiting, setAwaiting] = useState(false);
  const licenses = useMemberUsSoccerLicenses(requirement, awaiting);
  const data = licenses.data;
  if (awaiting && savedOver && data?.checkedAt && data.checkedAt !== savedOver.checkedAt) setAwaiting(false);
  // A new lookup may have changed the requirement's status: the page's other reads refresh once it arrives.
  const queryClient = useQueryClient();
  const seen = useRef(data?.checkedAt);
  useEffect(() => {
    if (data?.checkedAt === seen.current) return;
    seen.current = data?.checkedAt;
    void queryClient.invalidateQueries({
      queryKey: requirementsKey,
      predicate: (query) => query.queryKey[1] !== 'us-soccer',
    });
  }, [data?.checkedAt, queryClient]);
  const setId = useSetUssfId(data?.profileId ?? '', requirement.profileLevelAccessId ?? '');
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ussfId = String(new FormData(event.currentTarget).get('ussfId') ?? '').trim();
    setId.mutate(ussfId, {
      onSuccess: (result) => {
        if (result.ok) {
          setError(undefined);
          setSavedOver({ checkedAt: data?.checkedAt ?? null });
          setAwaiting(true);
        } else setError(result.message);
      },
    });
  };

  if (licenses.isPending) return <Spinner label="Loading your licenses…" />;
  const required = data?.requiredLicense;
  return (
    <div className="space-y-5">
      <p>
        {required
          ? `This requirement asks for a US Soccer ${required.label} or higher, unexpired.`
          : `This requirement asks for an unexpired US Soccer ${data?.discipline === 'referee' ? 'referee' : 'coaching'} license.`}
      </p>
      <form onSubmit={handleSubmit} className="space-y-3" noValidate>
        <TextField
          name="ussfId"
          label="Your US Soccer id"
          description="The 16-digit USSF ID shown in your US Soccer Learning Center profile."
          defaultValue={data?.ussfId ?? ''}
          autoComplete="off"
          maxLength={16}
          error={error}
        />
        <Button
          type="submit"
          label={setId.isPending ? 'Saving…' : 'Save and check my licenses'}
          disabled={setId.isPending}
        />
      </form>
      <Alert>{setId.error ? `Your id could not be saved: ${setId.error.message}` : null}</Alert>
      {awaiting ? <Spinner label="Looking up your licenses…" /> : null}
      {data?.checkedAt && !awaiting ? (
        <section aria-labelledby="ussf-licenses" className="space-y-2">
          <h2 id="ussf-licenses" className="font-semibold">
            Licenses on record
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Checked {new Date(data.checkedAt).toLocaleString()} at{' '}
            {data.sandbox ? 'the US Soccer sandbox (a stand-in for testing, not US Soccer)' : 'US Soccer'}
            {data.recordName ? `, record of ${data.recordName}` : ''}.
          </p>
          {data.match ? (
            <Alert tone={data.match === 'matched' ? 'success' : 'info'}>{matchText[data.match]}</Alert>
          ) : null}
          {data.licenses.length === 0 ? (
            <p>No licenses are listed.</p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {data.licenses.map((l, i) => (
                <li key={i} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                  <span className="font-medium">
                    {l.discipline === 'referee' ? 'Referee' : 'Coaching'} {l.grade}
                  </span>
                  <span className="text-sm">
                    {l.active ? 'In force' : 'Not in force'}
                    {l.expiresOn ? ` · expires ${l.expiresOn}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data.satisfiedBy ? (
            <p className="text-sm">
              Meets the requirement until {data.satisfiedBy.expiresOn ?? 'further notice'}.
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
