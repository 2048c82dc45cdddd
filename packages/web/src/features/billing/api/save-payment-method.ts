import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingSummarySchema, type BillingSummary } from '@touchline/contracts/billing';
import { api } from '../../../lib/api-client.ts';
import { activeProfileKey } from '../../../lib/active-profile.ts';
import { billingKey } from './get-billing-summary.ts';

/** POST /api/app/organization/{id}/payment-method: the confirmed setup's card becomes the organization's. */
export async function savePaymentMethod(input: {
  organizationId: string;
  setupId: string;
}): Promise<BillingSummary> {
  const summary = await api.post(
    `/api/app/organization/${encodeURIComponent(input.organizationId)}/payment-method`,
    { setupId: input.setupId },
    { schema: billingSummarySchema },
  );
  if (!summary) throw new Error('The payment method answer was empty');
  return summary;
}

/** Saves the card; billing and the active profile (organizationPaymentMethodProvided) are stale afterwards. */
export function useSavePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentMethod,
    onSuccess: async (_summary, input) => {
      await queryClient.invalidateQueries({ queryKey: billingKey(input.organizationId) });
      await queryClient.invalidateQueries({ queryKey: activeProfileKey });
    },
  });
}
