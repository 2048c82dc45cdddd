import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  labelsResponseSchema,
  setGroupMembershipStatusBulkBodySchema,
  type MemberLabel,
  type SetGroupMembershipStatusBulkBody,
} from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { dashboardKey } from './get-dashboard-members.ts';

/** POST /api/app/profile/set-group-membership-status-bulk (§7): all the chosen members change, or none. */
export async function setGroupMembershipStatus(body: SetGroupMembershipStatusBulkBody): Promise<void> {
  await api.post(
    '/api/app/profile/set-group-membership-status-bulk',
    setGroupMembershipStatusBulkBodySchema.parse(body),
    { expectStatus: 204 },
  );
}

/** POST /api/app/invitation/{profileLevelAccessId}/resend: a fresh invitation link. */
export async function resendInvitation(profileLevelAccessId: string): Promise<void> {
  await api.post(`/api/app/invitation/${encodeURIComponent(profileLevelAccessId)}/resend`, undefined, {
    expectStatus: 204,
  });
}

/** POST /api/app/profile/change-role (§7): one member gets another role label. */
export async function changeRole(profileLevelAccessId: string, newLabelId: string): Promise<void> {
  const params = new URLSearchParams({ profileLevelAccessId, newLabelId });
  await api.post(`/api/app/profile/change-role?${params.toString()}`, undefined, { expectStatus: 204 });
}

/**
 * The dashboard's bulk actions: one call for group membership (all or nothing on the server), one call per
 * member for resend and change role, reporting how many succeeded. The dashboard refetches afterwards.
 */
export function useBulkMemberAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action:
        | { kind: 'status'; ids: string[]; status: 0 | 1 }
        | { kind: 'resend'; ids: string[] }
        | { kind: 'role'; ids: string[]; labelId: string },
    ) => {
      if (action.kind === 'status') {
        await setGroupMembershipStatus({
          profileLevelAccessIds: action.ids,
          groupMembershipStatus: action.status,
        });
        return { done: action.ids.length, failed: 0 };
      }
      const results = await Promise.allSettled(
        action.ids.map((id) =>
          action.kind === 'resend' ? resendInvitation(id) : changeRole(id, action.labelId),
        ),
      );
      const failed = results.filter((r) => r.status === 'rejected').length;
      return { done: results.length - failed, failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKey }),
  });
}

/** GET /api/app/labels?hierarchyLevelId: the role labels, and which the actor may give at the level. */
export function useDashboardLabels(levelId: string) {
  return useQuery({
    queryKey: [...dashboardKey, 'labels', levelId],
    queryFn: async (): Promise<MemberLabel[]> => {
      const answer = await api.get(`/api/app/labels?hierarchyLevelId=${encodeURIComponent(levelId)}`, {
        schema: labelsResponseSchema,
      });
      return answer?.items ?? [];
    },
    staleTime: 60_000,
  });
}
