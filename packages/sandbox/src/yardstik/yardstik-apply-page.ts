import { escapeHtml as escape, hostedPage } from '../hosted-page.ts';
import type { YardstikReport } from './yardstik-store.ts';

const frame = (title: string, body: string) => hostedPage('Yardstik', title, body);

/** The candidate's intake: the FCRA disclosure and the authorization, each accepted on its own. */
export function applyPage(report: YardstikReport, error?: string): string {
  return frame(
    'Background check authorization',
    `<h1>Background check for ${escape(report.candidate.full_name)}</h1>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post">
<h2>Disclosure regarding background investigation</h2>
<p>A consumer report may be obtained about you for volunteer or employment purposes, as the Fair Credit Reporting
Act allows.</p>
<label><input type="checkbox" name="disclosure"> I have read the disclosure.</label>
<h2>Authorization</h2>
<label><input type="checkbox" name="authorization"> I authorize the background check.</label>
<button type="submit">Submit</button></form>`,
  );
}

/** What the candidate sees once their part is done. */
export function appliedPage(report: YardstikReport): string {
  return frame(
    'Thank you',
    `<h1>Thank you, ${escape(report.candidate.full_name)}</h1><p>Your background check is ${escape(report.status.replace(/_/g, ' '))}.</p>`,
  );
}
