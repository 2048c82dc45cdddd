import type { FastifyInstance } from 'fastify';
import type { StripeStore } from './stripe-store.ts';
import type { Invoice } from './stripe-types.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** The lines an invoice shows, on its page and in its PDF. */
function invoiceLines(invoice: Invoice): string[] {
  return [
    'Stripe SANDBOX invoice - not issued by Stripe, no money moved',
    `Invoice ${invoice.number}`,
    `Billed to ${invoice.customer_name ?? invoice.customer_email ?? invoice.customer}`,
    ...invoice.lines.data.map(
      (line) =>
        `${line.description}  ${day(line.period.start)} to ${day(line.period.end)}  ${money(line.amount, line.currency)}`,
    ),
    `Total ${money(invoice.total, invoice.currency)}  Status ${invoice.status}`,
  ];
}

/** A one-page PDF of text lines (PDF 1.4, Helvetica), built by hand so the sandbox needs no PDF library. */
export function textPdf(lines: string[]): Buffer {
  const text = lines
    .map(
      (line, i) =>
        `BT /F1 ${i === 0 ? 14 : 11} Tf 50 ${780 - i * 22} Td (${line.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The pages Stripe hosts for people rather than servers: an invoice's page and PDF (`hosted_invoice_url`,
 * `invoice_pdf`) and the 3-D Secure challenge a card that needs authentication redirects to. Each says it is
 * the sandbox.
 */
export function registerHostedPages(app: FastifyInstance, store: StripeStore) {
  app.get<{ Params: { id: string } }>('/hosted/invoices/:id', async (request, reply) => {
    const invoice = store.invoices.get(request.params.id);
    if (!invoice) return reply.code(404).type('text/html').send('<h1>No such invoice</h1>');
    const [banner, ...rest] = invoiceLines(invoice);
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox invoice ${escapeHtml(invoice.number)}</title></head><body><p><strong>${escapeHtml(banner!)}</strong></p>${rest.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="/hosted/invoices/${invoice.id}/pdf">Download PDF</a></p></body></html>`,
      );
  });
  app.get<{ Params: { id: string } }>('/hosted/invoices/:id/pdf', async (request, reply) => {
    const invoice = store.invoices.get(request.params.id);
    if (!invoice) return reply.code(404).type('text/plain').send('No such invoice');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${invoice.number}.pdf"`)
      .send(textPdf(invoiceLines(invoice)));
  });
  app.get<{ Params: { id: string } }>('/hosted/authenticate/:id', async (request, reply) => {
    const si = store.setupIntents.get(request.params.id);
    if (!si) return reply.code(404).type('text/html').send('<h1>No such authentication</h1>');
    const form = (result: string, label: string) =>
      `<form method="post" action="/hosted/authenticate/${si.id}"><input type="hidden" name="result" value="${result}"><button type="submit">${label}</button></form>`;
    return reply
      .type('text/html')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe sandbox: 3-D Secure</title></head><body><h1>3-D Secure test (Stripe sandbox)</h1><p>This stands in for your bank's authentication page. No bank is contacted.</p>${form('pass', 'Complete authentication')}${form('fail', 'Fail authentication')}</body></html>`,
      );
  });
  app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
    '/hosted/authenticate/:id',
    async (request, reply) => {
      const si = store.setupIntents.get(request.params.id);
      if (!si) return reply.code(404).type('text/html').send('<h1>No such authentication</h1>');
      store.authenticateSetupIntent(si, request.body?.result === 'pass');
      void reply.header('access-control-allow-origin', '*');
      return reply
        .type('text/html')
        .send(
          `<!doctype html><html lang="en"><body><p>Authentication ${si.status === 'succeeded' ? 'completed' : 'failed'} (Stripe sandbox). You can close this window.</p></body></html>`,
        );
    },
  );
}
