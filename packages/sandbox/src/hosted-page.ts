/** Text made safe to put in HTML. */
export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A sandbox's stand-in for a vendor's hosted page (an apply form, a QuickApp): phone-sized, and saying at the top,
 * before anything else, that it is a sandbox and not the vendor.
 */
export function hostedPage(
  vendor: string,
  title: string,
  body: string,
  notice = `hosted applicant form on a development or test server. Nothing here is a real background check.`,
): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(vendor)} sandbox</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.5rem .75rem;border-radius:.375rem}
label{display:block;margin:.75rem 0}button{font:inherit;padding:.5rem 1rem}.error{color:#b91c1c}</style>
</head><body><p class="banner" role="note"><strong>Sandbox.</strong> This page stands in for ${escapeHtml(vendor)}'s
${escapeHtml(notice)}</p>${body}</body></html>`;
}
