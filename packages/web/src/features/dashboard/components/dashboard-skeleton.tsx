/** A grey block standing in for content that is loading; hidden from assistive technology. */
function Block({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className={`block rounded-md bg-slate-200 dark:bg-slate-800 ${className}`} />
  );
}

const tile = <Block className="h-[4.125rem] w-28 rounded-lg" />;

/**
 * The dashboard while its members and counts load: the page's own frame (heading, tile rows, filters, table rows)
 * in grey blocks of about the final sizes, so the page keeps its shape when the data arrives instead of growing
 * from a one-line spinner (ADR 029). Announced as a status with the loading text.
 */
export function DashboardSkeleton() {
  return (
    <div role="status" className="mx-auto max-w-7xl space-y-5 motion-safe:animate-pulse">
      <div className="space-y-1">
        <Block className="h-5 w-40" />
        <p className="text-2xl font-bold tracking-tight text-slate-500 dark:text-slate-400">
          Loading the dashboard…
        </p>
        <Block className="h-5 w-72 max-w-full" />
      </div>
      {/* As many tiles as there are overall and requirement statuses (status-tiles.tsx). */}
      <div className="space-y-3">
        {[7, 9].map((count) => (
          <div key={count} className="space-y-1">
            <Block className="h-5 w-48" />
            <div className="flex flex-wrap gap-2">
              {Array.from({ length: count }, (_, i) => (
                <span key={i}>{tile}</span>
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <Block className="h-[3.875rem] w-64" />
        <Block className="h-[3.875rem] w-40" />
        <Block className="h-[3.875rem] w-40" />
      </div>
      <TableRows />
    </div>
  );
}

function TableRows() {
  return (
    <div className="space-y-2">
      {Array.from({ length: 8 }, (_, i) => (
        <Block key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

/**
 * The table's place while its page of members loads, under the heading and tiles that came with the counts. Nothing
 * is drawn below it until the page arrives (the pagination waits), so the table growing moves nothing on screen.
 */
export function TableSkeleton() {
  return (
    <div role="status" className="motion-safe:animate-pulse">
      <span className="sr-only">Loading the members…</span>
      <TableRows />
    </div>
  );
}
