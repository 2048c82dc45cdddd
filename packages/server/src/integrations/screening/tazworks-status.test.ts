import fc from 'fast-check';
import { tazworksOrderStatuses } from '@touchline/sandbox/tazworks/tazworks-outcomes';
import { describe, expect, it } from 'vitest';
import { screeningStatusFromTazworks } from './tazworks-status.ts';

const now = new Date('2026-11-26T12:00:00Z');

describe('TazWorks-platform order statuses in our words', () => {
  it.each([
    [{ orderStatus: 'app-pending', searchFlagged: false }, 'awaiting_candidate'],
    [
      { orderStatus: 'app-pending', searchFlagged: false, quickappExpiresAt: now.getTime() + 1 },
      'awaiting_candidate',
    ],
    [{ orderStatus: 'app-pending', searchFlagged: false, quickappExpiresAt: now.getTime() }, 'expired'],
    [{ orderStatus: 'pending', searchFlagged: false }, 'in_progress'],
    [{ orderStatus: 'complete', searchFlagged: false }, 'clear'],
    [{ orderStatus: 'complete', searchFlagged: true }, 'needs_review'],
    [{ orderStatus: 'cancelled', searchFlagged: false }, 'canceled'],
  ] as const)('%j → %s', (order, ours) => {
    expect(screeningStatusFromTazworks(order, now)).toBe(ours);
  });

  it('never clears an order that is not complete and unflagged, whatever its status says', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...tazworksOrderStatuses), fc.string()),
        fc.boolean(),
        fc.option(fc.integer()),
        (orderStatus, searchFlagged, quickappExpiresAt) => {
          const ours = screeningStatusFromTazworks({ orderStatus, searchFlagged, quickappExpiresAt }, now);
          expect(ours === 'clear').toBe(orderStatus === 'complete' && !searchFlagged);
        },
      ),
    );
  });
});
