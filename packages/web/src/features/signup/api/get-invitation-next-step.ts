import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { signupStepSchema } from '@touchline/contracts/signup';
import { api } from '../../../lib/api-client.ts';

/**
 * Answer of GET /api/app/invitation/next-step-from-token. The spec names the call but not its answer; the web reads
 * the step and, when given, the invited address and name. It belongs in contracts once the endpoint lands.
 */
export const invitationNextStepSchema = z.object({
  step: signupStepSchema,
  email: z.string().optional(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  message: z.string().optional(),
});
/** The parsed next step of an invitation. */
export type InvitationNextStep = z.infer<typeof invitationNextStepSchema>;

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
