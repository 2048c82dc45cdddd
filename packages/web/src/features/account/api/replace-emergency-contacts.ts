import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  emergencyContactsResponseSchema,
  type Account,
  type EmergencyContact,
  type ReplaceEmergencyContactsBody,
} from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';
import { accountKey } from './get-account.ts';

/** PUT /api/app/account/emergency-contacts (ours): the whole list, which replaces the saved one. */
export async function replaceEmergencyContacts(
  body: ReplaceEmergencyContactsBody,
): Promise<EmergencyContact[]> {
  return (
    (await api.put('/api/app/account/emergency-contacts', body, {
      schema: emergencyContactsResponseSchema,
      retry: { retries: 0, delayMs: 0 },
    })) ?? []
  );
}

/** Saves the emergency contacts and puts the saved list in the cached account. */
export function useReplaceEmergencyContacts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceEmergencyContacts,
    onSuccess: (contacts) => {
      queryClient.setQueryData<Account>(accountKey, (old) =>
        old ? { ...old, profile: { ...old.profile, profileEmergencyContact: contacts } } : old,
      );
    },
  });
}
