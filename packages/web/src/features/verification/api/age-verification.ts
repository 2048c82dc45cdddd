import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ageVerificationSchema,
  verificationProofLinkSchema,
  type AgeProofType,
} from '@touchline/contracts/age-verification';
import { api } from '../../../lib/api-client.ts';

/** Which member's requirement: the definition (`{id}`) and the member's access (plaId). */
export interface VerificationRef {
  definitionId: string;
  profileLevelAccessId: string | null;
}

const path = (ref: VerificationRef, action: string, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({
    ...(ref.profileLevelAccessId ? { plaId: ref.profileLevelAccessId } : {}),
    ...extra,
  });
  return `/api/app/requirement/${encodeURIComponent(ref.definitionId)}/${action}?${query.toString()}`;
};

const key = (ref: VerificationRef) =>
  ['age-verification', ref.definitionId, ref.profileLevelAccessId] as const;

/** GET {id}/age-verification?plaId: the member's verification state, what was read and why. */
export const useAgeVerification = (ref: VerificationRef) =>
  useQuery({
    queryKey: key(ref),
    queryFn: () => api.get(path(ref, 'age-verification'), { schema: ageVerificationSchema }),
    enabled: ref.profileLevelAccessId !== null,
  });

/** What the member hands in. */
export interface AgeVerificationSubmission {
  proofType: AgeProofType;
  dateOfBirth?: string;
  grade?: number;
  file: File;
}

/** POST {id}/age-verification?plaId&proofType&dateOfBirth&grade (multipart `file`). */
export function useSubmitAgeVerification(ref: VerificationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AgeVerificationSubmission) => {
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      const extra: Record<string, string> = { proofType: input.proofType };
      if (input.dateOfBirth) extra.dateOfBirth = input.dateOfBirth;
      if (input.grade !== undefined) extra.grade = String(input.grade);
      return api.post(path(ref, 'age-verification', extra), form, { schema: ageVerificationSchema });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(key(ref), answer);
      void queryClient.invalidateQueries({ queryKey: ['requirements'] });
    },
  });
}

/** GET {id}/age-verification-proof?plaId: an expiring link to the proof image (the server audits each call). */
export async function openProofImage(ref: VerificationRef): Promise<string | null> {
  const link = await api.get(path(ref, 'age-verification-proof'), { schema: verificationProofLinkSchema });
  return link?.url ?? null;
}
