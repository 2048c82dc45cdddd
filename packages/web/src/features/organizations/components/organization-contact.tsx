import { useCurrentOrganization } from '../hooks/use-current-organization.ts';

const linkClass =
  'font-medium text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300';

/** A website as typed in the wizard, as a link that leaves the app (a bare host gets https://). */
export function websiteHref(website: string): string {
  return /^https?:\/\//i.test(website) ? website : `https://${website}`;
}

/**
 * What a disqualified member needs (issue 18): whom to contact (the current organization's phone and website, as
 * its administrators entered them) and how to appeal (an administrator can reverse the decision; the submission is
 * kept, ADR 025). Without a published phone or website it says whom else to ask.
 */
export function OrganizationContact() {
  const { current } = useCurrentOrganization();
  if (!current) return null;
  const { name, phone, website } = current;
  return (
    <section
      aria-labelledby="appeal-heading"
      className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-slate-800 dark:border-red-900 dark:bg-red-950/40 dark:text-slate-200"
    >
      <h2 id="appeal-heading" className="text-base font-semibold">
        How to appeal
      </h2>
      {phone || website ? (
        <>
          <p>Contact {name} to find out why:</p>
          <ul className="space-y-1">
            {phone ? (
              <li>
                Phone:{' '}
                <a href={`tel:${phone.replace(/[^+0-9]/g, '')}`} className={linkClass}>
                  {phone}
                </a>
              </li>
            ) : null}
            {website ? (
              <li>
                Website:{' '}
                <a
                  href={websiteHref(website)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                >
                  {website}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        </>
      ) : (
        <p>
          {name} has not published a phone number or website here: ask your team’s coach or manager, who can
          reach its administrators.
        </p>
      )}
      <p>
        Ask them to review the decision: an administrator of {name} can reverse a disqualification, and what
        you submitted is kept.
      </p>
    </section>
  );
}
