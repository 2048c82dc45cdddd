import { Button } from '../../../components/ui/button.tsx';

/** Previous/next paging with "Page n of m" read out politely as it changes. */
export function DashboardPagination({
  page,
  perPage,
  totalCount,
  loading,
  onPage,
}: {
  page: number;
  perPage: number;
  totalCount: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(totalCount / perPage));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-sm">
      <Button
        variant="secondary"
        label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      <span aria-live="polite">
        Page {page.toLocaleString()} of {pages.toLocaleString()}
        {loading ? ' (loading…)' : ''}
      </span>
      <Button
        variant="secondary"
        label="Next page"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      />
    </nav>
  );
}
