import type { ScreeningStatus } from './port.ts';

/**
 * Yardstik's report statuses in our words. From Yardstik's published status list and its own mapping for
 * partners: `created` waits on the candidate; the research states are in progress; `info_requested` and
 * `exception` are held; `consider` needs a reviewer; `clear` and `proceed` (a reviewer cleared a consider) are
 * clear; the adverse-action steps, disputes, cancellations and expired invitations keep their own meaning.
 */
const yardstikStatusMap: Record<string, ScreeningStatus> = {
  created: 'awaiting_candidate',
  queued: 'in_progress',
  pending: 'in_progress',
  processing: 'in_progress',
  approved_to_process: 'in_progress',
  pending_approval: 'in_progress',
  ys_qa_review: 'in_progress',
  info_requested: 'on_hold',
  exception: 'on_hold',
  consider: 'needs_review',
  clear: 'clear',
  proceed: 'clear',
  pre_adverse: 'adverse_action_pending',
  final_adverse: 'adverse_action_final',
  dispute: 'disputed',
  canceled: 'canceled',
  expired: 'expired',
};

/**
 * Our status for a Yardstik report status; an unknown one is treated as still in progress, never as clear (own
 * keys only: a status named like an Object method, e.g. "toString", is unknown too).
 */
export function screeningStatusFromYardstik(status: string): ScreeningStatus {
  return Object.hasOwn(yardstikStatusMap, status) ? yardstikStatusMap[status]! : 'in_progress';
}
