import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentPlansResponseSchema, type PaymentPlan } from '@touchline/contracts/plans';
import { api } from '../../../lib/api-client.ts';

/** GET /api/app/payment-plan/payment-plans/ (spec §7): the plan catalog the creation wizard offers. */
export async function getPaymentPlans(): Promise<PaymentPlan[]> {
  return (
    (await api.get('/api/app/payment-plan/payment-plans/', { schema: paymentPlansResponseSchema })) ?? []
  );
}

/** The catalog changes rarely, so it stays fresh for ten minutes. */
export const paymentPlansQueryOptions = () =>
  queryOptions({ queryKey: ['payment-plans'], queryFn: getPaymentPlans, staleTime: 10 * 60_000 });

/** The plan catalog. */
export const usePaymentPlans = () => useQuery(paymentPlansQueryOptions());
