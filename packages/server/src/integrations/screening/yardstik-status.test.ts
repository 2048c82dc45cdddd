import { yardstikReportStatuses } from '@touchline/sandbox/yardstik/yardstik-outcomes';
import { describe, expect, it } from 'vitest';
import { screeningStatusFromYardstik } from './yardstik-status.ts';

describe('Yardstik report statuses in our words', () => {
  it.each([
    ['created', 'awaiting_candidate'],
    ['queued', 'in_progress'],
    ['pending', 'in_progress'],
    ['processing', 'in_progress'],
    ['approved_to_process', 'in_progress'],
    ['pending_approval', 'in_progress'],
    ['ys_qa_review', 'in_progress'],
    ['info_requested', 'on_hold'],
    ['exception', 'on_hold'],
    ['consider', 'needs_review'],
    ['clear', 'clear'],
    ['proceed', 'clear'],
    ['pre_adverse', 'adverse_action_pending'],
    ['final_adverse', 'adverse_action_final'],
    ['dispute', 'disputed'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ])('%s → %s', (vendor, ours) => {
    expect(screeningStatusFromYardstik(vendor)).toBe(ours);
  });

  it('maps every status the sandbox can produce, and an unknown one never to clear', () => {
    for (const status of yardstikReportStatuses) expect(screeningStatusFromYardstik(status)).toBeTruthy();
    expect(screeningStatusFromYardstik('something_new')).toBe('in_progress');
  });
});
