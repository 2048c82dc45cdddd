import { Button } from './button.tsx';

/** Previous and next page with where the reader is; nothing when everything fits on one page. */
export function Pager({
  page,
  perPage,
  totalCount,
  loading,
  onPage,
  label = 'Pages',
}: {
  /** The navigation landmark's name: distinct when a page holds several lists. */
  label?: string;
  page: number;
  perPage: number;
  totalCount: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(totalCount / perPage));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3 text-sm">
      <Button
        variant="secondary"
        label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      <span aria-live="polite">
        Page {page} of {pages}
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
