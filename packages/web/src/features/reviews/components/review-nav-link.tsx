import { NavLink } from 'react-router';
import { usePendingReviewCount } from '../api/get-pending-review-count.ts';

/**
 * The reviewer's entry in the navigation: "Review" with the number of completions awaiting them as a badge,
 * refreshed after every decision (the decisions invalidate the count).
 */
export function ReviewNavLink({
  organizationId,
  initialCount,
}: {
  organizationId: string;
  initialCount: number;
}) {
  const count = usePendingReviewCount(organizationId);
  const pending = count.data ?? initialCount;
  return (
    <NavLink
      to="/reviews"
      className={({ isActive }) =>
        `mb-3 flex items-center justify-between rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-emerald-600 ${
          isActive
            ? 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100'
            : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'
        }`
      }
    >
      <span>Review</span>
      <span
        data-testid="review-count-badge"
        className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-semibold text-white"
      >
        {pending}
        <span className="sr-only"> awaiting review</span>
      </span>
    </NavLink>
  );
}
