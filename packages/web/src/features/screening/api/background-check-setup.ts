import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  backgroundCheckClientSchema,
  type BackgroundCheckClient,
  backgroundCheckAgencySchema,
  backgroundCheckProductSchema,
  type BackgroundCheckAgency,
  type BackgroundCheckProduct,
} from '@touchline/contracts/background-checks';
import { api } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

const base = '/api/app/organization';

/** Rethrows a failed call with the spec's message for it ('Failed to …: {status}', spec §8). */
async function orFail<T>(call: () => Promise<T | null>, what: string): Promise<T> {
  try {
    const value = await call();
    if (value === null) throw new ApiError(204, 'empty');
    return value;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    throw new Error(`${what}: ${status}`);
  }
}

/** GET background-check-agencies. */
export function getBackgroundCheckAgencies(): Promise<BackgroundCheckAgency[]> {
  return orFail(
    () => api.get(`${base}/background-check-agencies`, { schema: z.array(backgroundCheckAgencySchema) }),
    'Failed to fetch background check agencies',
  );
}

/** GET preview-background-check-products/{agencyId}/{clientId}. */
export function previewBackgroundCheckProducts(
  agencyId: string,
  clientId: string,
): Promise<BackgroundCheckProduct[]> {
  return orFail(
    () =>
      api.get(
        `${base}/preview-background-check-products/${encodeURIComponent(agencyId)}/${encodeURIComponent(clientId)}`,
        { schema: z.array(backgroundCheckProductSchema) },
      ),
    'Failed to preview products',
  );
}

/** The agencies this deployment can order from. */
export const useBackgroundCheckAgencies = () =>
  useQuery({
    queryKey: ['background-checks', 'agencies'],
    queryFn: getBackgroundCheckAgencies,
    retry: false,
  });

/** An agency client's products, read once asked for. */
export const useProductPreview = (agencyId: string | null, clientId: string) =>
  useQuery({
    queryKey: ['background-checks', 'preview', agencyId, clientId],
    queryFn: () => previewBackgroundCheckProducts(agencyId ?? '', clientId),
    enabled: agencyId !== null,
    retry: false,
  });

/** GET available-background-check-clients/{agencyId}. */
export function availableBackgroundCheckClients(agencyId: string): Promise<BackgroundCheckClient[]> {
  return orFail(
    () =>
      api.get(`${base}/available-background-check-clients/${encodeURIComponent(agencyId)}`, {
        schema: z.array(backgroundCheckClientSchema),
      }),
    'Failed to fetch available clients',
  );
}

/** POST {id}/background-check-client. */
export function addBackgroundCheckClient(
  organizationId: string,
  agencyId: string,
  clientId: string,
): Promise<BackgroundCheckClient> {
  return orFail(
    () =>
      api.post(
        `${base}/${encodeURIComponent(organizationId)}/background-check-client`,
        { agencyId, clientId },
        { schema: backgroundCheckClientSchema },
      ),
    'Failed to add background check client',
  );
}

/** An agency's clients the organization may add, read once asked for. */
export const useAvailableClients = (agencyId: string | null) =>
  useQuery({
    queryKey: ['background-checks', 'available-clients', agencyId],
    queryFn: () => availableBackgroundCheckClients(agencyId ?? ''),
    enabled: agencyId !== null,
    retry: false,
  });

/** Adds a client to the organization. */
export function useAddClient(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agencyId, clientId }: { agencyId: string; clientId: string }) =>
      addBackgroundCheckClient(organizationId ?? '', agencyId, clientId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['background-checks', 'clients'] }),
  });
}

/** GET {id}/background-check-clients: the clients the organization added. */
export function backgroundCheckClientsOf(organizationId: string): Promise<BackgroundCheckClient[]> {
  return orFail(
    () =>
      api.get(`${base}/${encodeURIComponent(organizationId)}/background-check-clients`, {
        schema: z.array(backgroundCheckClientSchema),
      }),
    'Failed to fetch background check clients',
  );
}

/** The organization's added clients. */
export const useBackgroundCheckClients = (organizationId: string | null) =>
  useQuery({
    queryKey: ['background-checks', 'clients', organizationId],
    queryFn: () => backgroundCheckClientsOf(organizationId ?? ''),
    enabled: organizationId !== null && organizationId !== '',
    retry: false,
  });
