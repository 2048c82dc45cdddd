import type { PrefillData } from '@touchline/contracts/partners';
import type { AccountPrefill } from '../../features/account/components/account-prefill.ts';
import { AccountSettingsPage } from '../../features/account/components/account-settings-page.tsx';
import { PartnerLinks } from '../../features/partners/components/partner-links.tsx';
import {
  useClearPrefill,
  usePartnerOfCurrentProfile,
  usePrefillData,
} from '../../features/partners/api/partners.ts';

/** The partner's prefill in the account forms' words (only what the partner knows). */
function toAccountPrefill(data: PrefillData): AccountPrefill {
  const some = <T extends Record<string, string | null | undefined>>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v)) as { [K in keyof T]?: string };
  return {
    sourceName: data.source.name,
    user: some({ firstName: data.firstName, lastName: data.lastName, dateOfBirth: data.dateOfBirth }),
    contact: some({
      phone: data.phone,
      address: data.address?.line1,
      city: data.address?.city,
      stateId: data.address?.state,
    }),
    emergency: data.emergencyContact?.name
      ? some({
          firstName: data.emergencyContact.name.split(' ')[0],
          lastName: data.emergencyContact.name.split(' ').slice(1).join(' '),
          phone: data.emergencyContact.phone,
        })
      : undefined,
  };
}

/**
 * /account/settings (and /editProfile): the account settings page, prefilled with what the league partner the
 * membership came from knows (issue 31) — marked, saved only when the member saves, let go of once used.
 */
export function AccountSettingsRoute() {
  const partner = usePartnerOfCurrentProfile(true);
  const accessId = partner.data?.profileLevelAccessId ?? null;
  const prefill = usePrefillData(accessId);
  const clear = useClearPrefill(accessId);
  return (
    <>
      <AccountSettingsPage
        prefill={prefill.data ? toAccountPrefill(prefill.data) : null}
        onPrefillUsed={() => clear.mutate()}
      />
      <PartnerLinks />
    </>
  );
}
