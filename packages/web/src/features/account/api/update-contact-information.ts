import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  savedContactInformationSchema,
  type Account,
  type ProfileContactDetails,
  type UpdateContactInformationBody,
} from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';
import { accountKey } from './get-account.ts';
import { profileContactDetailsKey } from './get-profile-contact-details.ts';

/**
 * PUT /api/app/account/contact-information (ours): the current profile's contact information; blank clears. With
 * `profileId`, PUT /api/app/profile/{id}/contact-information: a guardian's child's.
 */
export async function updateContactInformation(body: UpdateContactInformationBody, profileId?: string) {
  const path = profileId
    ? `/api/app/profile/${encodeURIComponent(profileId)}/contact-information`
    : '/api/app/account/contact-information';
  const saved = await api.put(path, body, {
    schema: savedContactInformationSchema,
    retry: { retries: 0, delayMs: 0 },
  });
  if (!saved) throw new Error('The contact information answer was empty');
  return saved;
}

/** Saves the contact section and puts the answer in the cached account (or the child's cached details). */
export function useUpdateContactInformation(profileId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateContactInformationBody) => updateContactInformation(body, profileId),
    onSuccess: ({ id, ...contact }) => {
      if (profileId) {
        queryClient.setQueryData<ProfileContactDetails>(profileContactDetailsKey(profileId), (old) =>
          old ? { ...old, profileContactInformationId: id, profileContactInformation: contact } : old,
        );
        return;
      }
      queryClient.setQueryData<Account>(accountKey, (old) =>
        old
          ? {
              ...old,
              profile: {
                ...old.profile,
                profileContactInformationId: id,
                profileContactInformation: contact,
              },
            }
          : old,
      );
    },
  });
}
