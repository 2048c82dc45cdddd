/**
 * How the Yardstik sandbox decides a report's result: by the candidate's last name, as vendors' test modes do, so
 * a demo or a test picks an outcome by naming its candidate (e.g. "Jamie Consider"). Any other name comes back
 * clear. The statuses are Yardstik's published report statuses.
 */
export const yardstikOutcomeByLastName: Record<string, YardstikReportStatus> = {
  clear: 'clear',
  consider: 'consider',
  info: 'info_requested',
  exception: 'exception',
  sor: 'consider',
  adverse: 'consider',
  dispute: 'dispute',
  cancel: 'canceled',
};

/** Yardstik's report statuses (its help center's list and its status mapping for partners). */
export const yardstikReportStatuses = [
  'created',
  'queued',
  'pending',
  'processing',
  'approved_to_process',
  'pending_approval',
  'ys_qa_review',
  'info_requested',
  'exception',
  'consider',
  'clear',
  'proceed',
  'pre_adverse',
  'final_adverse',
  'dispute',
  'canceled',
  'expired',
] as const;

/** One of Yardstik's report statuses. */
export type YardstikReportStatus = (typeof yardstikReportStatuses)[number];

/** The status a report ends in once researched, for a candidate's last name. */
export function outcomeFor(lastName: string): YardstikReportStatus {
  return yardstikOutcomeByLastName[lastName.trim().toLowerCase()] ?? 'clear';
}
