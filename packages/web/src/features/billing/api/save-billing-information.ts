import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingInformationSchema, type BillingInformation } from '@touchline/contracts/billing';
import { api } from '../../../lib/api-client.ts';
import { billingKey } from './get-billing-summary.ts';

/** POST (first time) or PUT (a change) /api/app/organization/{id}/billing-information (spec §7). */
export async function saveBillingInformation(input: {
  organizationId: string;
  info: BillingInformation;
  exists: boolean;
}): Promise<BillingInformation> {
  const url = `/api/app/organization/${encodeURIComponent(input.organizationId)}/billing-information`;
  const options = { schema: billingInformationSchema };
  const saved = input.exists
    ? await api.put(url, input.info, options)
    : await api.post(url, input.info, options);
  if (!saved) throw new Error('The billing information answer was empty');
  return saved;
}

/** Saves the billing information; the organization's billing queries are stale afterwards. */
export function useSaveBillingInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBillingInformation,
    onSuccess: (_saved, input) =>
      queryClient.invalidateQueries({ queryKey: billingKey(input.organizationId) }),
  });
}
