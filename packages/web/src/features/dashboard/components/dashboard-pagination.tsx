import type { DashboardMembersQuery } from '@touchline/contracts/dashboard';
import { Button } from '../../../components/ui/button.tsx';

/** Where a paging button goes: a page number and, for Next and Previous only, the cursor to continue from. */
export type PageTarget = Pick<DashboardMembersQuery, 'page' | 'after' | 'before'>;

/**
 * First/previous/next/last paging with "Page n of m" read out politely as it changes. Next and Previous continue
 * from the cursor of the rows on screen (ADR 017); First and Last jump by number.
 */
export function DashboardPagination({
  page,
  perPage,
  totalCount,
  totalCountIsEstimate,
  positionIsEstimate,
  nextCursor,
  previousCursor,
  loading,
  onPage,
}: {
  page: number;
  perPage: number;
  totalCount: number;
  totalCountIsEstimate: boolean;
  positionIsEstimate: boolean;
  nextCursor: string | null;
  previousCursor: string | null;
  loading: boolean;
  onPage: (target: PageTarget) => void;
}) {
  const pages = Math.max(1, Math.ceil(totalCount / perPage));
  if (pages <= 1 && page <= 1 && nextCursor === null && previousCursor === null) return null;
  // "about" before each number that is only estimated (ADR 016, 017).
  const about = (estimated: boolean) => (estimated ? 'about ' : '');
  const label = `Page ${about(positionIsEstimate)}${page.toLocaleString()} of ${about(positionIsEstimate || totalCountIsEstimate)}${pages.toLocaleString()}`;
  // While a page loads, the cursors on screen are still those of the page before it: a second Next would label
  // the wrong rows with the new number, so Next and Previous wait for the page (they stay focusable meanwhile).
  const step = (target: PageTarget) => {
    if (!loading) onPage(target);
  };
  const handlePrevious = () => {
    if (previousCursor !== null) step({ page: Math.max(1, page - 1), before: previousCursor });
  };
  const handleNext = () => {
    if (nextCursor !== null) step({ page: page + 1, after: nextCursor });
  };
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex gap-2">
        <Button
          variant="secondary"
          label="First page"
          disabled={page <= 1}
          onClick={() => onPage({ page: 1 })}
        />
        <Button
          variant="secondary"
          label="Previous page"
          disabled={previousCursor === null}
          onClick={handlePrevious}
        />
      </div>
      <span aria-live="polite">
        {label}
        {loading ? ' (loading…)' : ''}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" label="Next page" disabled={nextCursor === null} onClick={handleNext} />
        <Button
          variant="secondary"
          label="Last page"
          disabled={nextCursor === null || page >= pages}
          onClick={() => onPage({ page: pages })}
        />
      </div>
    </nav>
  );
}
