import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { identityVerificationSchema } from '@touchline/contracts/identity-verification';
import { webcamPhotoFieldName } from '@touchline/contracts/verification';
import { api } from '../../../lib/api-client.ts';
import type { VerificationRef } from './age-verification.ts';

const path = (ref: VerificationRef, action: string, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({
    ...(ref.profileLevelAccessId ? { plaId: ref.profileLevelAccessId } : {}),
    ...extra,
  });
  return `/api/app/requirement/${encodeURIComponent(ref.definitionId)}/${action}?${query.toString()}`;
};
const key = (ref: VerificationRef) =>
  ['identity-verification', ref.definitionId, ref.profileLevelAccessId] as const;

/** GET {id}/identity-verification?plaId: the state and the member's next step. */
export const useIdentityVerification = (ref: VerificationRef) =>
  useQuery({
    queryKey: key(ref),
    queryFn: () => api.get(path(ref, 'identity-verification'), { schema: identityVerificationSchema }),
    enabled: ref.profileLevelAccessId !== null,
  });

/** The calls that move an identity verification on, each answering the new state. */
export function useIdentityActions(ref: VerificationRef) {
  const queryClient = useQueryClient();
  const onSuccess = (answer: unknown) => {
    queryClient.setQueryData(key(ref), answer);
    void queryClient.invalidateQueries({ queryKey: ['requirements'] });
  };
  const start = useMutation({
    mutationFn: (input: { documentType: string; dateOfBirth: string }) =>
      api.post(path(ref, 'start-identity-verification', { ...input, consent: 'accepted' }), undefined, {
        schema: identityVerificationSchema,
      }),
    onSuccess,
  });
  const sendPhoto = useMutation({
    mutationFn: (photo: Blob) => {
      const form = new FormData();
      form.append(webcamPhotoFieldName, photo, 'selfie.jpg');
      return api.post(path(ref, 'progress-identity-verification'), form, {
        schema: identityVerificationSchema,
      });
    },
    onSuccess,
  });
  const refresh = useMutation({
    mutationFn: () =>
      api.post(path(ref, 'progress-identity-verification'), undefined, {
        schema: identityVerificationSchema,
      }),
    onSuccess,
  });
  return { start, sendPhoto, refresh };
}
