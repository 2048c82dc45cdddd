import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  backgroundCheckClientSchema,
  backgroundCheckProductSchema,
} from '@touchline/contracts/background-checks';
import { api } from '../../../lib/api-client.ts';

const base = '/api/app/organization';

async function listed<T>(promise: Promise<T[] | null>): Promise<T[]> {
  return (await promise) ?? [];
}

/** GET {id}/background-check-clients: the clients whose packages a background-check definition may order. */
export const useDefinitionClients = (organizationId: string | null) =>
  useQuery({
    queryKey: ['background-checks', 'clients', organizationId],
    queryFn: () =>
      listed(
        api.get(`${base}/${encodeURIComponent(organizationId ?? '')}/background-check-clients`, {
          schema: z.array(backgroundCheckClientSchema),
        }),
      ),
    enabled: Boolean(organizationId),
    retry: false,
  });

/** GET {id}/background-check-products/{clientId}: the vendor's packages for that client. */
export const useDefinitionPackages = (organizationId: string | null, clientId: string | null) =>
  useQuery({
    queryKey: ['background-checks', 'products', organizationId, clientId],
    queryFn: () =>
      listed(
        api.get(
          `${base}/${encodeURIComponent(organizationId ?? '')}/background-check-products/${encodeURIComponent(clientId ?? '')}`,
          { schema: z.array(backgroundCheckProductSchema) },
        ),
      ),
    enabled: Boolean(organizationId) && clientId !== null,
    retry: false,
  });
