import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  partnerConnectionSchema,
  partnerMappingTargetsSchema,
  partnerOfProfileSchema,
  partnerProgramSchema,
  partnerSyncQueuedSchema,
  prefillDataSchema,
  type ConnectPartnerBody,
  type MapPartnerProgramBody,
} from '@touchline/contracts/partners';
import { api } from '../../../lib/api-client.ts';

const base = (organizationId: string) =>
  `/api/app/organization/${encodeURIComponent(organizationId)}/partners`;
const keys = {
  connections: (organizationId: string | null) => ['partners', organizationId] as const,
  programs: (connectionId: string | null) => ['partners', 'programs', connectionId] as const,
};

/** GET {id}/partners: the organization's partner connections and their sync state. */
export const usePartnerConnections = (organizationId: string | null) =>
  useQuery({
    queryKey: keys.connections(organizationId),
    queryFn: async () =>
      (await api.get(base(organizationId ?? ''), { schema: z.array(partnerConnectionSchema) })) ?? [],
    enabled: organizationId !== null,
    retry: false,
  });

/** POST {id}/partners: connect (the server tests the credentials first). */
export function useConnectPartner(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectPartnerBody) =>
      api.post(base(organizationId ?? ''), body, { schema: partnerConnectionSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.connections(organizationId) }),
  });
}

/** DELETE {id}/partners/{connectionId}. */
export function useRemovePartner(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      api.delete(`${base(organizationId ?? '')}/${encodeURIComponent(connectionId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.connections(organizationId) }),
  });
}

/** POST {id}/partners/{connectionId}/sync: queue a sync now. */
export function useSyncPartner(organizationId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (connectionId: string) =>
      api.post(`${base(organizationId ?? '')}/${encodeURIComponent(connectionId)}/sync`, undefined, {
        schema: partnerSyncQueuedSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['partners'] }),
  });
}

/** GET {id}/partners/{connectionId}/programs: the programs seen and their mapping. */
export const usePartnerPrograms = (organizationId: string | null, connectionId: string | null) =>
  useQuery({
    queryKey: keys.programs(connectionId),
    queryFn: async () =>
      (await api.get(`${base(organizationId ?? '')}/${encodeURIComponent(connectionId ?? '')}/programs`, {
        schema: z.array(partnerProgramSchema),
      })) ?? [],
    enabled: organizationId !== null && connectionId !== null,
    retry: false,
  });

/** GET {id}/partners/mapping-targets: the levels and role labels a program may map to. */
export const useMappingTargets = (organizationId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['partners', 'targets', organizationId],
    queryFn: () =>
      api.get(`${base(organizationId ?? '')}/mapping-targets`, { schema: partnerMappingTargetsSchema }),
    enabled: organizationId !== null && enabled,
    retry: false,
  });

/** PUT {id}/partners/{connectionId}/mappings/{programId}. */
export function useMapProgram(organizationId: string | null, connectionId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programId, body }: { programId: string; body: MapPartnerProgramBody }) =>
      api.put(
        `${base(organizationId ?? '')}/${encodeURIComponent(connectionId ?? '')}/mappings/${encodeURIComponent(programId)}`,
        body,
        { schema: partnerProgramSchema },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['partners'] }),
  });
}

/** GET {id}/partners/sandbox-site: the LeagueApps sandbox site's key (development only; 404 elsewhere). */
export const useLeagueAppsSandboxSite = (organizationId: string | null) =>
  useQuery({
    queryKey: ['partners', 'sandbox-site', organizationId],
    queryFn: () =>
      api.get(`${base(organizationId ?? '')}/sandbox-site`, {
        schema: z.object({ siteId: z.string(), clientId: z.string(), privateKeyPem: z.string() }),
        notFoundAsEmpty: true,
      }),
    enabled: organizationId !== null,
    retry: false,
  });

/**
 * GET {id}/partners/amilia-sandbox-organization: the Amilia sandbox organization's key and a webhook subscription for
 * this organization (development only; 404 elsewhere). Asked only when the admin picks Amilia.
 */
export const useAmiliaSandboxOrganization = (organizationId: string | null, enabled: boolean) =>
  useQuery({
    queryKey: ['partners', 'amilia-sandbox-organization', organizationId],
    queryFn: () =>
      api.get(`${base(organizationId ?? '')}/amilia-sandbox-organization`, {
        schema: z.object({
          siteId: z.string(),
          apiKey: z.string(),
          apiSecret: z.string(),
          webhookSecret: z.string(),
        }),
        notFoundAsEmpty: true,
      }),
    enabled: organizationId !== null && enabled,
    retry: false,
    staleTime: Infinity,
  });

/** GET /api/app/profile/partner-from-current-profile: the partner the member came from (204 = none). */
export const usePartnerOfCurrentProfile = (enabled: boolean) =>
  useQuery({
    queryKey: ['partners', 'of-current-profile'],
    queryFn: async () =>
      (await api.get('/api/app/profile/partner-from-current-profile', { schema: partnerOfProfileSchema })) ??
      null,
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });

/** GET /api/app/prefill-provider/prefill-data/{id}: what the partner knows of the member (204 = nothing). */
export const usePrefillData = (accessId: string | null) =>
  useQuery({
    queryKey: ['partners', 'prefill', accessId],
    queryFn: async () =>
      (await api.get(`/api/app/prefill-provider/prefill-data/${encodeURIComponent(accessId ?? '')}`, {
        schema: prefillDataSchema,
      })) ?? null,
    enabled: accessId !== null,
    retry: false,
    staleTime: Infinity,
  });

/** DELETE /api/app/prefill-provider/prefill-data/{id} (ours): the prefill was used or dismissed; let it go. */
export function useClearPrefill(accessId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete(`/api/app/prefill-provider/prefill-data/${encodeURIComponent(accessId ?? '')}`),
    onSuccess: () => queryClient.setQueryData(['partners', 'prefill', accessId], null),
  });
}
