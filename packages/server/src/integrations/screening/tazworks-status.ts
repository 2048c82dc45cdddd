import type { ScreeningStatus } from './port.ts';

/** What of a TazAPI order decides where it stands. */
export type TazworksOrderState = {
  orderStatus: string;
  searchFlagged: boolean;
  /** When the applicant's QuickApp link stops working (epoch ms), while the applicant has not submitted it. */
  quickappExpiresAt?: number | null;
};

/**
 * A TazWorks-platform order in our words. From TazAPI's recorded answers: `app-pending` waits on the applicant
 * (expired once its QuickApp link has), `pending` and the other working states are research, `complete` is clear
 * unless a search was flagged, which needs a reviewer; `cancelled` is cancelled. An unknown status is treated as
 * still in progress, never as clear.
 */
export function screeningStatusFromTazworks(order: TazworksOrderState, now: Date): ScreeningStatus {
  switch (order.orderStatus) {
    case 'app-pending':
      return order.quickappExpiresAt != null && order.quickappExpiresAt <= now.getTime()
        ? 'expired'
        : 'awaiting_candidate';
    case 'complete':
      return order.searchFlagged ? 'needs_review' : 'clear';
    case 'cancelled':
    case 'canceled':
      return 'canceled';
    default:
      return 'in_progress';
  }
}
