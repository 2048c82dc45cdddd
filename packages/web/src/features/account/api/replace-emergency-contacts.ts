import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  emergencyContactsResponseSchema,
  type Account,
  type EmergencyContact,
  type ProfileContactDetails,
  type ReplaceEmergencyContactsBody,
} from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';
import { accountKey } from './get-account.ts';
import { profileContactDetailsKey } from './get-profile-contact-details.ts';

/**
 * PUT /api/app/account/emergency-contacts (ours): the whole list, which replaces the saved one. With `profileId`,
 * PUT /api/app/profile/{id}/emergency-contacts: a guardian's child's.
 */
export async function replaceEmergencyContacts(
  body: ReplaceEmergencyContactsBody,
  profileId?: string,
): Promise<EmergencyContact[]> {
  const path = profileId
    ? `/api/app/profile/${encodeURIComponent(profileId)}/emergency-contacts`
    : '/api/app/account/emergency-contacts';
  return (
    (await api.put(path, body, {
      schema: emergencyContactsResponseSchema,
      retry: { retries: 0, delayMs: 0 },
    })) ?? []
  );
}

/** Saves the emergency contacts and puts the saved list in the cached account (or the child's cached details). */
export function useReplaceEmergencyContacts(profileId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplaceEmergencyContactsBody) => replaceEmergencyContacts(body, profileId),
    onSuccess: (contacts) => {
      if (profileId) {
        queryClient.setQueryData<ProfileContactDetails>(profileContactDetailsKey(profileId), (old) =>
          old ? { ...old, profileEmergencyContact: contacts } : old,
        );
        return;
      }
      queryClient.setQueryData<Account>(accountKey, (old) =>
        old ? { ...old, profile: { ...old.profile, profileEmergencyContact: contacts } } : old,
      );
    },
  });
}
