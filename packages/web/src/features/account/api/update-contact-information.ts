import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  savedContactInformationSchema,
  type Account,
  type UpdateContactInformationBody,
} from '@touchline/contracts/account';
import { api } from '../../../lib/api-client.ts';
import { accountKey } from './get-account.ts';

/** PUT /api/app/account/contact-information (ours): the current profile's contact information; blank clears. */
export async function updateContactInformation(body: UpdateContactInformationBody) {
  const saved = await api.put('/api/app/account/contact-information', body, {
    schema: savedContactInformationSchema,
    retry: { retries: 0, delayMs: 0 },
  });
  if (!saved) throw new Error('The contact information answer was empty');
  return saved;
}

/** Saves the contact section and puts the answer in the cached account. */
export function useUpdateContactInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContactInformation,
    onSuccess: ({ id, ...contact }) => {
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
