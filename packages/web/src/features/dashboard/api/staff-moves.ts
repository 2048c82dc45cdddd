import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requirementActionResultSchema } from '@touchline/contracts/requirement-completion';
import { api } from '../../../lib/api-client.ts';
import { dashboardKey } from './get-dashboard-members.ts';

/** One staff move on a member's requirement (ADR 025): complete it as of a date, or reopen it; with a note. */
export type StaffMove =
  | { kind: 'markComplete'; definitionId: string; plaId: string; date: string; note: string }
  | { kind: 'markIncomplete'; definitionId: string; plaId: string; note: string };

/** POST {id}/complete-without-upload/{plaId} {date, note} or POST {id}/mark-incomplete/{plaId} {note}. */
export async function makeStaffMove(move: StaffMove): Promise<void> {
  const at = `/api/app/requirement/${encodeURIComponent(move.definitionId)}`;
  const note = move.note.trim() === '' ? {} : { note: move.note.trim() };
  if (move.kind === 'markComplete')
    await api.post(
      `${at}/complete-without-upload/${encodeURIComponent(move.plaId)}`,
      { date: move.date, ...note },
      { schema: requirementActionResultSchema },
    );
  else
    await api.post(`${at}/mark-incomplete/${encodeURIComponent(move.plaId)}`, note, {
      schema: requirementActionResultSchema,
    });
}

/** A staff move; the dashboard (rows, tiles) refetches afterwards. */
export function useStaffMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeStaffMove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKey }),
  });
}
