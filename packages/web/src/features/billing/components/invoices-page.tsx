import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useInvoices } from '../api/get-invoices.ts';
import { formatAmount, formatDay, invoiceStatusLabels } from './billing-format.ts';
import { BillingLayout } from './billing-layout.tsx';

/** /account/billing/invoices: the organization's invoices, 20 a page, newest first. */
export function InvoicesPage() {
  return <BillingLayout title="Invoices">{(id) => <InvoiceList organizationId={id} />}</BillingLayout>;
}

function InvoiceList({ organizationId }: { organizationId: string }) {
  // The ids each page started after, so "Newer" goes back the way "Older" came (the provider pages by cursor).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors[cursors.length - 1] ?? null;
  const page = useInvoices(organizationId, after);
  if (page.isPending) return <Spinner label="Loading invoices…" />;
  if (page.isError) return <Alert>{`The invoices could not be loaded: ${page.error.message}`}</Alert>;
  if (page.data.items.length === 0 && cursors.length === 1) return <p>No invoices yet.</p>;
  const last = page.data.items[page.data.items.length - 1];
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {page.data.items.map((invoice) => (
          <li
            key={invoice.id}
            className="flex flex-wrap items-center justify-between gap-2 p-4"
            data-testid="invoice"
          >
            <div>
              <p className="font-semibold">{formatDay(invoice.createdAt)}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {`${invoice.number ?? 'Draft'} · ${formatDay(invoice.periodStart)} – ${formatDay(invoice.periodEnd)}`}
              </p>
            </div>
            <div className="flex items-center gap-4">
              <span>{formatAmount(invoice.amountDue, invoice.currency)}</span>
              <span className="rounded-full bg-slate-100 px-2 py-1 text-xs font-semibold dark:bg-slate-800">
                {invoiceStatusLabels[invoice.status]}
              </span>
              {invoice.pdfUrl ? (
                <a
                  className="font-medium text-emerald-800 underline dark:text-emerald-300 max-md:min-h-11 max-md:inline-flex max-md:items-center"
                  href={invoice.pdfUrl}
                  target="_blank"
                  rel="noreferrer"
                >
                  PDF
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="flex gap-3">
        {cursors.length > 1 ? (
          <Button
            label="Newer invoices"
            variant="secondary"
            onClick={() => setCursors(cursors.slice(0, -1))}
          />
        ) : null}
        {page.data.hasMore && last ? (
          <Button
            label="Older invoices"
            variant="secondary"
            onClick={() => setCursors([...cursors, last.id])}
          />
        ) : null}
      </div>
    </div>
  );
}
