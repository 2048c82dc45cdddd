import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationNextStepSchema, type InvitationNextStep } from '@touchline/contracts/invitations';
import { api } from '../../../lib/api-client.ts';

/** GET /api/app/invitation/next-step-from-token?token (§7): where an invitation link leads. */
export async function getInvitationNextStep(token: string): Promise<InvitationNextStep> {
  const answer = await api.get(
    `/api/app/invitation/next-step-from-token?token=${encodeURIComponent(token)}`,
    {
      schema: invitationNextStepSchema,
      auth: false,
    },
  );
  if (!answer) throw new Error('The invitation answer was empty');
  return answer;
}

/** The invitation's next step, fetched once per token. */
export const invitationNextStepQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', 'next-step', token],
    queryFn: () => getInvitationNextStep(token),
    staleTime: Infinity,
  });

/** Reads where the invitation link leads. */
export const useInvitationNextStep = (token: string) =>
  useQuery({ ...invitationNextStepQueryOptions(token), enabled: token !== '' });
