import { useParams } from 'react-router';
import type { PrefillData } from '@touchline/contracts/partners';
import { useClearPrefill, usePrefillData } from '../../features/partners/api/partners.ts';
import { useChildProfiles } from '../../features/profile/api/get-child-profiles.ts';
import {
  EditChildProfilePage,
  type ChildPrefill,
} from '../../features/profile/components/edit-child-profile-page.tsx';
import { useActiveProfile } from '../../lib/active-profile.ts';

/** The partner's prefill in the child form's words (only what the partner knows of the child). */
function toChildPrefill(data: PrefillData): ChildPrefill {
  const values: ChildPrefill['values'] = {};
  if (data.firstName) values.firstName = data.firstName;
  if (data.lastName) values.lastName = data.lastName;
  if (data.email) values.email = data.email;
  if (data.dateOfBirth) values.dateOfBirth = data.dateOfBirth;
  return { sourceName: data.source.name, values };
}

/**
 * /profile/children/{id}: a child's profile, prefilled for their guardian with what the league partner the child's
 * membership came from knows (issue 31: a guardian arriving from the partner lands on /groupAccountDashboard, then
 * here) — the membership carrying the partner's member id is the one asked; marked, saved only when the guardian
 * saves, let go of once used or dismissed.
 */
export function ChildProfileRoute() {
  const { profileId = '' } = useParams();
  const active = useActiveProfile();
  const children = useChildProfiles(active.data?.profileId ?? '');
  const child = children.data?.find((c) => c.id === profileId);
  const accessId = child?.profileLevelAccesses.find((a) => a.externalId)?.id ?? null;
  const prefill = usePrefillData(accessId);
  const clear = useClearPrefill(accessId);
  return (
    <EditChildProfilePage
      prefill={prefill.data ? toChildPrefill(prefill.data) : null}
      onPrefillUsed={() => clear.mutate()}
    />
  );
}
