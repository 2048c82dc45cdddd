/**
 * How the TazWorks-platform sandbox decides an order's result: by the applicant's last name, as vendors' test modes
 * do, so a demo or a test picks an outcome by naming its applicant ("Cy Consider"). Any other name comes back
 * complete and unflagged. TazWorks reports a finished order as `complete` with `searchFlagged` telling whether any
 * search found something the client must look at; a cancelled order is `cancelled`.
 */
export type TazworksOutcome = { status: 'complete' | 'cancelled'; searchFlagged: boolean };

const outcomes: Record<string, TazworksOutcome> = {
  clear: { status: 'complete', searchFlagged: false },
  consider: { status: 'complete', searchFlagged: true },
  sor: { status: 'complete', searchFlagged: true },
  adverse: { status: 'complete', searchFlagged: true },
  cancel: { status: 'cancelled', searchFlagged: false },
};

/** The result an order ends in once researched, for an applicant's last name. */
export function tazworksOutcomeFor(lastName: string): TazworksOutcome {
  return outcomes[lastName.trim().toLowerCase()] ?? { status: 'complete', searchFlagged: false };
}

/**
 * The order statuses the sandbox uses, from TazWorks' recorded API answers: `app-pending` (the applicant has not
 * finished the QuickApp), `pending` (searches under way), `complete`, `cancelled`.
 */
export const tazworksOrderStatuses = ['app-pending', 'pending', 'complete', 'cancelled'] as const;

/** One of {@link tazworksOrderStatuses}. */
export type TazworksOrderStatus = (typeof tazworksOrderStatuses)[number];
