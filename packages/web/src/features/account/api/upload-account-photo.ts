import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountPhotoSchema, type Account, type AccountPhoto } from '@touchline/contracts/account';
import { webcamPhotoFieldName } from '@touchline/contracts/verification';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import { accountKey } from './get-account.ts';

/** POST /api/app/account/photo (ours): a file or a webcam capture, sent as the spec's multipart field `photo`. */
export async function uploadAccountPhoto(photo: Blob, fileName: string): Promise<AccountPhoto> {
  const form = new FormData();
  form.append(webcamPhotoFieldName, photo, fileName);
  const saved = await api.post('/api/app/account/photo', form, { schema: accountPhotoSchema });
  if (!saved) throw new Error('The photo answer was empty');
  return saved;
}

/** Uploads the photo and shows it everywhere the profile picture appears. */
export function useUploadAccountPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ photo, fileName }: { photo: Blob; fileName: string }) =>
      uploadAccountPhoto(photo, fileName),
    onSuccess: async (photo) => {
      queryClient.setQueryData<Account>(accountKey, (old) =>
        old ? { ...old, profile: { ...old.profile, ...photo } } : old,
      );
      await queryClient.invalidateQueries({ queryKey: activeProfileKey });
    },
  });
}
