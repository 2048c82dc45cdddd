import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  partnerAccountLinkSchema,
  partnerSignInAnswerSchema,
  partnerSignInRequestSchema,
} from '@touchline/contracts/partner-sign-in';
import { api } from '../../../lib/api-client.ts';

const signInPath = (requestId: string) => `/api/app/partner-sign-in/${encodeURIComponent(requestId)}`;

/** GET /api/app/partner-sign-in/{requestId}: what a partner asks the signed-in member to approve. */
export const usePartnerSignInRequest = (requestId: string | null) =>
  useQuery({
    queryKey: ['partner-sign-in', requestId],
    queryFn: () => api.get(signInPath(requestId ?? ''), { schema: partnerSignInRequestSchema }),
    enabled: requestId !== null,
    retry: false,
    staleTime: Infinity,
  });

/** POST …/approve or …/deny: answers where the browser goes next (the partner's registered address). */
export const useAnswerPartnerSignIn = (requestId: string) =>
  useMutation({
    mutationFn: (approve: boolean) =>
      api.post(`${signInPath(requestId)}/${approve ? 'approve' : 'deny'}`, undefined, {
        schema: partnerSignInAnswerSchema,
      }),
  });

/** GET /api/app/partner-links: the member's live links to league partners. */
export const usePartnerLinks = () =>
  useQuery({
    queryKey: ['partner-links'],
    queryFn: async () =>
      (await api.get('/api/app/partner-links', { schema: z.array(partnerAccountLinkSchema) })) ?? [],
    retry: false,
  });

/** DELETE /api/app/partner-links/{linkId}: unlink (the partner's grants are revoked). */
export function useUnlinkPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.delete(`/api/app/partner-links/${encodeURIComponent(linkId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['partner-links'] }),
  });
}
