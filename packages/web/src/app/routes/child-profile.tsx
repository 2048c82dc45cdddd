import { useState } from 'react';
import { useParams } from 'react-router';
import type { PrefillData } from '@touchline/contracts/partners';
import { Button } from '../../components/ui/button.tsx';
import { offeredFor, type AccountPrefill } from '../../features/account/components/account-prefill.ts';
import { ContactInformationSection } from '../../features/account/components/contact-information-section.tsx';
import { EmergencyContactsSection } from '../../features/account/components/emergency-contacts-section.tsx';
import { useProfileContactDetails } from '../../features/account/api/get-profile-contact-details.ts';
import { useClearPrefill, usePrefillData } from '../../features/partners/api/partners.ts';
import { useChildProfiles } from '../../features/profile/api/get-child-profiles.ts';
import {
  EditChildProfilePage,
  type ChildPrefill,
} from '../../features/profile/components/edit-child-profile-page.tsx';
import { useActiveProfile } from '../../lib/active-profile.ts';

type Section = 'profile' | 'contact' | 'emergency';

const some = <T extends Record<string, string | null | undefined>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v)) as { [K in keyof T]?: string };

/** The partner's prefill in the child page's words: the child's names and birth date, address, emergency contact. */
function toChildPrefill(data: PrefillData) {
  const name = data.emergencyContact?.name?.trim() ?? '';
  return {
    profile: some({
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      dateOfBirth: data.dateOfBirth,
    }) as ChildPrefill['values'],
    contact: some({
      address: data.address?.line1,
      city: data.address?.city,
      stateId: data.address?.state,
    }) as AccountPrefill['contact'],
    emergency: name
      ? (some({
          firstName: name.split(' ')[0],
          lastName: name.split(' ').slice(1).join(' '),
          phone: data.emergencyContact?.phone,
        }) as NonNullable<AccountPrefill['emergency']>)
      : {},
  };
}

/**
 * /profile/children/{id}: a child's profile and contact details, prefilled for their guardian with what the league
 * partner the child's membership came from knows (issue 31: a guardian arriving from the partner lands on
 * /groupAccountDashboard, then here) — the membership carrying the partner's member id is the one asked. Only empty
 * fields are filled, each marked; each section saves on its own; once every prefilled section is saved, or the
 * guardian dismisses the details, the prefill is let go.
 */
export function ChildProfileRoute() {
  const { profileId = '' } = useParams();
  const active = useActiveProfile();
  const children = useChildProfiles(active.data?.profileId ?? '');
  const child = children.data?.find((c) => c.id === profileId);
  const accessId = child?.profileLevelAccesses.find((a) => a.externalId)?.id ?? null;
  const prefill = usePrefillData(accessId);
  const clear = useClearPrefill(accessId);
  const details = useProfileContactDetails(child ? child.id : null);
  const [done, setDone] = useState<ReadonlySet<Section>>(new Set());
  const [dismissed, setDismissed] = useState(false);

  const known = prefill.data && !dismissed && child && details.data ? toChildPrefill(prefill.data) : null;
  const sourceName = prefill.data?.source.name;
  const offered = {
    profile:
      known && !done.has('profile')
        ? offeredFor(known.profile, {
            firstName: child?.firstName,
            lastName: child?.lastName,
            email: child?.email,
            dateOfBirth: child?.dateOfBirth,
          })
        : {},
    contact:
      known && !done.has('contact')
        ? offeredFor(known.contact, details.data?.profileContactInformation ?? {})
        : {},
    emergency:
      known && !done.has('emergency') && details.data?.profileEmergencyContact.length === 0
        ? known.emergency
        : {},
  };
  const pending = (Object.keys(offered) as Section[]).filter((k) => Object.keys(offered[k]).length > 0);
  const saved = (section: Section) => () => {
    if (!pending.includes(section)) return;
    const next = new Set(done).add(section);
    setDone(next);
    if (pending.every((k) => next.has(k))) clear.mutate();
  };
  const subject = child ? { profileId: child.id, firstName: child.firstName } : undefined;

  return (
    <EditChildProfilePage
      prefill={sourceName && pending.includes('profile') ? { sourceName, values: offered.profile } : null}
      onPrefillSaved={saved('profile')}
      notice={
        sourceName && pending.length > 0 && child ? (
          <div className="space-y-2 rounded-md border border-sky-300 bg-sky-50 p-4 text-sm dark:border-sky-800 dark:bg-sky-950">
            <p>
              {`${sourceName} knows ${child.firstName}’s details: the marked fields are filled in from it. Check them, then save each part to keep them.`}
            </p>
            <Button
              label="Don’t use these details"
              variant="secondary"
              onClick={() => {
                setDismissed(true);
                clear.mutate();
              }}
            />
          </div>
        ) : null
      }
    >
      {subject && details.data ? (
        <>
          <ContactInformationSection
            // Remounted when the prefill arrives or is dismissed (its values in or out), not when it is let go after
            // every part was saved (the section keeps its "saved").
            key={dismissed ? 'contact-held' : known || done.size > 0 ? 'contact-prefilled' : 'contact'}
            child={subject}
            contact={details.data.profileContactInformation}
            offered={offered.contact}
            sourceName={sourceName}
            onSaved={saved('contact')}
          />
          <EmergencyContactsSection
            child={subject}
            contacts={details.data.profileEmergencyContact}
            offered={offered.emergency}
            sourceName={sourceName}
            onOfferedSaved={saved('emergency')}
          />
        </>
      ) : null}
    </EditChildProfilePage>
  );
}
