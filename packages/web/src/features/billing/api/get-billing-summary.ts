import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingSummarySchema, type BillingSummary } from '@touchline/contracts/billing';
import { api } from '../../../lib/api-client.ts';

/** Every query about one organization's billing, so a saved card or billing information refreshes them all. */
export const billingKey = (organizationId: string) => ['billing', organizationId] as const;

/** GET /api/app/organization/{id}/billing: the subscription's state, the saved card and the provider. */
export async function getBillingSummary(organizationId: string): Promise<BillingSummary> {
  const summary = await api.get(`/api/app/organization/${encodeURIComponent(organizationId)}/billing`, {
    schema: billingSummarySchema,
  });
  if (!summary) throw new Error('The billing answer was empty');
  return summary;
}

/** Query options of the billing summary. */
export const billingSummaryQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...billingKey(organizationId), 'summary'],
    queryFn: () => getBillingSummary(organizationId),
  });

/** The organization's billing summary (only its administrators may read it). */
export const useBillingSummary = (organizationId: string, enabled = true) =>
  useQuery({ ...billingSummaryQueryOptions(organizationId), enabled: enabled && organizationId !== '' });
