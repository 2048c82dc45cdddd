import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  credentialAcceptanceSchema,
  credentialShareSchema,
  credentialSharingSchema,
  receivedCredentialListSchema,
  receivedCredentialsSchema,
  type CreateCredentialShareBody,
  type CredentialAcceptance,
  type CredentialAcceptanceBody,
  type CredentialShare,
} from '@touchline/contracts/credential-sharing';
import { api } from '../../../lib/api-client.ts';

const profilePath = (profileId: string) => `/api/app/profile/${encodeURIComponent(profileId)}`;
const sharingKey = (profileId: string) => ['credential-sharing', profileId] as const;
const receivedKey = (profileId: string) => ['received-credentials', profileId] as const;
const acceptanceKey = (definitionId: string) => ['credential-acceptance', definitionId] as const;

/** GET …/profile/{id}/credential-sharing: what may be shared, where to, and the consents so far. */
export const useCredentialSharing = (profileId: string) =>
  useQuery({
    queryKey: sharingKey(profileId),
    queryFn: () =>
      api.get(`${profilePath(profileId)}/credential-sharing`, { schema: credentialSharingSchema }),
  });

/** GET …/profile/{id}/received-credentials: what other organizations shared of this member, with consent. */
export const useReceivedCredentials = (profileId: string) =>
  useQuery({
    queryKey: receivedKey(profileId),
    queryFn: () =>
      api.get(`${profilePath(profileId)}/received-credentials`, { schema: receivedCredentialsSchema }),
  });

/** POST …/credential-shares: the consent to share one credential with one membership elsewhere. */
export function useShareCredential(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCredentialShareBody): Promise<CredentialShare> => {
      const share = await api.post(`${profilePath(profileId)}/credential-shares`, body, {
        schema: credentialShareSchema,
      });
      if (!share) throw new Error('The share answer was empty');
      return share;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKey(profileId) }),
  });
}

/** POST …/credential-shares/{shareId}/revoke: withdraws a consent; the other organization no longer sees it. */
export function useRevokeShare(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) =>
      api.post(
        `${profilePath(profileId)}/credential-shares/${encodeURIComponent(shareId)}/revoke`,
        undefined,
        {
          schema: credentialShareSchema,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKey(profileId) }),
  });
}

const acceptancePath = (definitionId: string) =>
  `/api/app/content/${encodeURIComponent(definitionId)}/credential-acceptance`;

/** GET …/content/{id}/credential-acceptance: whether a requirement accepts shared credentials. */
export const useCredentialAcceptance = (definitionId: string) =>
  useQuery({
    queryKey: acceptanceKey(definitionId),
    queryFn: () => api.get(acceptancePath(definitionId), { schema: credentialAcceptanceSchema }),
  });

/** PUT …/content/{id}/credential-acceptance: sets it; members' statuses follow on the server. */
export function useSetCredentialAcceptance(definitionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CredentialAcceptanceBody): Promise<CredentialAcceptance> => {
      const saved = await api.put(acceptancePath(definitionId), body, { schema: credentialAcceptanceSchema });
      if (!saved) throw new Error('The acceptance answer was empty');
      return saved;
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(acceptanceKey(definitionId), saved);
      return queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** Rows per page of the organization's received credentials. */
export const receivedPerPage = 25;

/** GET /api/app/received-credentials/{orgId}?page&perPage: what members shared into the organization, newest first. */
export const useOrganizationReceivedCredentials = (organizationId: string, page: number) =>
  useQuery({
    queryKey: ['organization-received-credentials', organizationId, page] as const,
    queryFn: async () => {
      const list = await api.get(
        `/api/app/received-credentials/${encodeURIComponent(organizationId)}?page=${page}&perPage=${receivedPerPage}`,
        { schema: receivedCredentialListSchema },
      );
      if (!list) throw new Error('The received credentials answer was empty');
      return list;
    },
    placeholderData: keepPreviousData,
  });
