import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingInformationSchema, type BillingInformation } from '@touchline/contracts/billing';
import { api } from '../../../lib/api-client.ts';
import { billingKey } from './get-billing-summary.ts';

/** GET /api/app/organization/{id}/billing-information (spec §7): null when there is none yet (204). */
export async function getBillingInformation(organizationId: string): Promise<BillingInformation | null> {
  return api.get(`/api/app/organization/${encodeURIComponent(organizationId)}/billing-information`, {
    schema: billingInformationSchema,
  });
}

/** Query options of the billing information. */
export const billingInformationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: [...billingKey(organizationId), 'information'],
    queryFn: () => getBillingInformation(organizationId),
  });

/** The organization's billing information (null: none yet). */
export const useBillingInformation = (organizationId: string) =>
  useQuery(billingInformationQueryOptions(organizationId));
