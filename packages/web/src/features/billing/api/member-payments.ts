import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  awaitingPaymentSchema,
  memberPaymentSchema,
  type AwaitingPayment,
  type BulkPaymentBody,
  type MemberPayment,
} from '@touchline/contracts/member-payments';
import { api } from '../../../lib/api-client.ts';

/** Every query about what one member owes. */
export const awaitingPaymentKey = (plaId: string) => ['awaiting-payment', plaId] as const;

/** GET /api/app/requirement/awaiting-payment-by-individual/{plaId}: what the member owes, with amounts. */
export async function getAwaitingPayment(plaId: string): Promise<AwaitingPayment> {
  const answer = await api.get(
    `/api/app/requirement/awaiting-payment-by-individual/${encodeURIComponent(plaId)}`,
    { schema: awaitingPaymentSchema },
  );
  if (!answer) throw new Error('The payment answer was empty');
  return answer;
}

/** What a member owes (the member, their guardian, or their managers). */
export const useAwaitingPayment = (plaId: string | null) =>
  useQuery({
    ...queryOptions({
      queryKey: awaitingPaymentKey(plaId ?? ''),
      queryFn: () => getAwaitingPayment(plaId ?? ''),
    }),
    enabled: plaId !== null && plaId !== '',
  });

/** POST /api/app/requirement/bulk-payment: the member pays for several requirements at once. */
export async function payForRequirements(body: BulkPaymentBody): Promise<MemberPayment> {
  const payment = await api.post('/api/app/requirement/bulk-payment', body, { schema: memberPaymentSchema });
  if (!payment) throw new Error('The payment answer was empty');
  return payment;
}

/** Pays; afterwards everything about the member's requirements is stale (a paid check may have been ordered). */
export function usePayForRequirements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payForRequirements,
    onSettled: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
