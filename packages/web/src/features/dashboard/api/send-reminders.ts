import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendRemindersResultSchema, type SendRemindersResult } from '@touchline/contracts/member-reminders';
import type { DashboardFilter } from '@touchline/contracts/dashboard';
import { api } from '../../../lib/api-client.ts';
import { dashboardKey } from './get-dashboard-members.ts';

/** Whom a reminder is for: the selected members, or the whole list the filter shows. */
export type ReminderTarget =
  | { kind: 'selected'; profileLevelAccessIds: string[] }
  | {
      kind: 'list';
      filter: Pick<
        DashboardFilter,
        'search' | 'labels' | 'groupMembershipStatus' | 'requirementStatuses' | 'overallStatuses'
      >;
    };

/** POST /api/app/hierarchy-level/{id}/members/send-reminders (ours, ADR 033): the counts, or the sending. */
export async function sendReminders(
  levelId: string,
  target: ReminderTarget,
  preview: boolean,
): Promise<SendRemindersResult> {
  const who =
    target.kind === 'selected'
      ? { profileLevelAccessIds: target.profileLevelAccessIds }
      : {
          filter: {
            search: target.filter.search,
            labels: target.filter.labels,
            groupMembershipStatus: target.filter.groupMembershipStatus,
            requirementStatuses: target.filter.requirementStatuses,
            overallStatuses: target.filter.overallStatuses,
          },
        };
  const answer = await api.post(
    `/api/app/hierarchy-level/${encodeURIComponent(levelId)}/members/send-reminders`,
    { ...who, preview },
    { schema: sendRemindersResultSchema },
  );
  if (!answer) throw new Error('The server sent no answer');
  return answer;
}

/** The count preview of a reminder: asked when the dialog opens, never cached past it. */
export function useReminderPreview(levelId: string, target: ReminderTarget | null) {
  return useQuery({
    // Not under the dashboard's key: sending refetches the dashboard, not this dialog's count.
    queryKey: ['reminder-preview', levelId, target],
    queryFn: () => sendReminders(levelId, target!, true),
    enabled: target !== null,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

/** Sends the reminders; the dashboard refetches afterwards. */
export function useSendReminders(levelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ReminderTarget) => sendReminders(levelId, target, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKey }),
  });
}
