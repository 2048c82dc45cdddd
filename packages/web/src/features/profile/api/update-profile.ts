import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type UpdateProfileBody } from '@touchline/contracts/profiles';
import { api } from '../../../lib/api-client.ts';
import { childProfilesKey } from './get-child-profiles.ts';

/** PUT /api/app/profile/{id} (spec §7): a profile's names, e-mail and date of birth (here: a child's). */
export async function updateProfile(profileId: string, body: UpdateProfileBody): Promise<Profile> {
  const profile = await api.put(`/api/app/profile/${encodeURIComponent(profileId)}`, body, {
    schema: profileSchema,
    retry: { retries: 0, delayMs: 0 },
  });
  if (!profile) throw new Error('The profile answer was empty');
  return profile;
}

/** Saves one profile and reloads the child list it appears in. */
export function useUpdateProfile(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => updateProfile(profileId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childProfilesKey }),
  });
}
