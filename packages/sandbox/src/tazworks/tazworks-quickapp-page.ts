import { escapeHtml, hostedPage } from '../hosted-page.ts';
import type { TazworksOrder } from './tazworks-store.ts';

const frame = (title: string, body: string) => hostedPage('the TazWorks-platform agency', title, body);

/** The applicant's QuickApp: the FCRA stand-alone disclosure and the authorization, each accepted on its own. */
export function quickappPage(order: TazworksOrder, error?: string): string {
  return frame(
    'Background check authorization',
    `<h1>Background check for ${escapeHtml(order.applicantName)}</h1>
<p>Ordered by ${escapeHtml(order.clientName)}: ${escapeHtml(order.productName)}.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
<h2>Disclosure regarding background investigation</h2>
<p>A consumer report may be obtained about you for volunteer purposes, as the Fair Credit Reporting Act allows.</p>
<label><input type="checkbox" name="disclosure"> I have read the disclosure.</label>
<h2>Authorization</h2>
<label><input type="checkbox" name="authorization"> I authorize the background check.</label>
<button type="submit">Submit</button></form>`,
  );
}

/** What the applicant sees once their part is done, or when the link can no longer be used. */
export function quickappDonePage(order: TazworksOrder, expired: boolean): string {
  return expired
    ? frame(
        'Link expired',
        `<h1>This link has expired</h1><p>Ask ${escapeHtml(order.clientName)} to send a new one.</p>`,
      )
    : frame(
        'Thank you',
        `<h1>Thank you</h1><p>Your background check is ${escapeHtml(order.orderStatus.replace('-', ' '))}.</p>`,
      );
}

/** The finished report as the agency's report viewer would show it: each search, and whether it found a record. */
export function reportPage(order: TazworksOrder): string {
  const rows = order.includedSearches
    .map((search, i) => {
      const flagged = order.searchFlagged && i === order.includedSearches.length - 1;
      return `<tr><td>${escapeHtml(search)}</td><td>${flagged ? 'Record found: review required' : 'No record found'}</td></tr>`;
    })
    .join('');
  return frame(
    `Report ${order.fileNumber}`,
    `<h1>Report ${order.fileNumber}: ${escapeHtml(order.applicantName)}</h1>
<p>${escapeHtml(order.productName)}, ${order.searchFlagged ? 'flagged for review' : 'nothing flagged'}.</p>
<table><thead><tr><th>Search</th><th>Result</th></tr></thead><tbody>${rows}</tbody></table>`,
  );
}
