import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminAuditEventSchema,
  supportIncidentGrantSchema,
  supportSessionSchema,
  type AdminAuditEvent,
  type SupportIncidentGrant,
  type SupportSession,
} from '@touchline/contracts/admin';
import { listResponse, type ListResponse } from '@touchline/contracts/pagination';
import { api } from '../../../lib/api-client.ts';

// The organization's own view of the platform's support access (issue 32, ADR 042): its sessions, what was done
// under one, ending one early, and whether support access may read incidents.

/** Every query of this feature starts with this key, so an action refreshes them together. */
export const supportAccessKey = ['support-access'] as const;

/** Sessions and audit lines per page. */
export const sessionsPerPage = 10;
export const auditPerPage = 20;

const base = (organizationId: string) => `/api/app/organization/${encodeURIComponent(organizationId)}`;
const sessionsSchema = listResponse(supportSessionSchema);
const auditSchema = listResponse(adminAuditEventSchema);
const empty = { items: [], totalCount: 0 };

/** GET …/support-sessions: one page of the organization's sessions, newest first. */
export async function getSupportSessions(
  organizationId: string,
  page: number,
): Promise<ListResponse<SupportSession>> {
  const answer = await api.get(
    `${base(organizationId)}/support-sessions?page=${page}&perPage=${sessionsPerPage}`,
    {
      schema: sessionsSchema,
    },
  );
  return answer ?? empty;
}

/** The organization's sessions, one page at a time. */
export const useSupportSessions = (organizationId: string, page: number) =>
  useQuery(
    queryOptions({
      queryKey: [...supportAccessKey, organizationId, 'sessions', page],
      queryFn: () => getSupportSessions(organizationId, page),
      placeholderData: keepPreviousData,
    }),
  );

/** GET …/support-sessions/{id}/audit: what happened under one session, newest first. */
export async function getSupportSessionAudit(
  organizationId: string,
  sessionId: string,
  page: number,
): Promise<ListResponse<AdminAuditEvent>> {
  const answer = await api.get(
    `${base(organizationId)}/support-sessions/${encodeURIComponent(sessionId)}/audit?page=${page}&perPage=${auditPerPage}`,
    { schema: auditSchema },
  );
  return answer ?? empty;
}

/** One session's audit, read only once its panel is open. */
export const useSupportSessionAudit = (
  organizationId: string,
  sessionId: string,
  page: number,
  enabled: boolean,
) =>
  useQuery(
    queryOptions({
      queryKey: [...supportAccessKey, organizationId, 'audit', sessionId, page],
      queryFn: () => getSupportSessionAudit(organizationId, sessionId, page),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );

/** POST …/support-sessions/{id}/end: ends a session now; refreshes the list and its audit. */
export function useEndSupportSession(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.post(`${base(organizationId)}/support-sessions/${encodeURIComponent(sessionId)}/end`, undefined, {
        schema: supportSessionSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportAccessKey }),
  });
}

/** GET …/support-incident-access: whether support access may read incidents now. */
export async function getSupportIncidentGrant(organizationId: string): Promise<SupportIncidentGrant> {
  const answer = await api.get(`${base(organizationId)}/support-incident-access`, {
    schema: supportIncidentGrantSchema,
  });
  if (!answer) throw new Error('The server sent no answer');
  return answer;
}

/** The organization's grant of incidents to support access. */
export const useSupportIncidentGrant = (organizationId: string) =>
  useQuery(
    queryOptions({
      queryKey: [...supportAccessKey, organizationId, 'incident-grant'],
      queryFn: () => getSupportIncidentGrant(organizationId),
    }),
  );

/** PUT (grant for some hours) and DELETE (withdraw now) of the incidents grant. */
export function useSupportIncidentGrantWrites(organizationId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportAccessKey });
  const url = `${base(organizationId)}/support-incident-access`;
  return {
    grant: useMutation({
      mutationFn: (hours: number) => api.put(url, { hours }, { schema: supportIncidentGrantSchema }),
      onSuccess: refresh,
    }),
    withdraw: useMutation({
      mutationFn: () => api.delete(url, { schema: supportIncidentGrantSchema }),
      onSuccess: refresh,
    }),
  };
}
