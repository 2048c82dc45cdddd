import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoicesPageSchema, type InvoicesPage } from '@touchline/contracts/billing';
import { api } from '../../../lib/api-client.ts';
import { billingKey } from './get-billing-summary.ts';

/** GET /api/app/organization/{id}/invoices/{startingAfterId} (spec §7): 20 invoices, newest first. */
export async function getInvoices(
  organizationId: string,
  startingAfterId: string | null,
): Promise<InvoicesPage> {
  const page = await api.get(
    `/api/app/organization/${encodeURIComponent(organizationId)}/invoices/${encodeURIComponent(startingAfterId ?? '')}`,
    { schema: invoicesPageSchema, notFoundAsEmpty: true },
  );
  return page ?? { items: [], hasMore: false };
}

/** Query options of one page of invoices. */
export const invoicesQueryOptions = (organizationId: string, startingAfterId: string | null) =>
  queryOptions({
    queryKey: [...billingKey(organizationId), 'invoices', startingAfterId],
    queryFn: () => getInvoices(organizationId, startingAfterId),
  });

/** One page of the organization's invoices. */
export const useInvoices = (organizationId: string, startingAfterId: string | null) =>
  useQuery(invoicesQueryOptions(organizationId, startingAfterId));
