import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title.ts';

function PolicyPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-2xl space-y-4 text-slate-800 dark:text-slate-200">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
      <p className="text-sm text-slate-600 dark:text-slate-400">Last updated {updated}</p>
      <p className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
        <strong>Placeholder text.</strong> This page stands in for the real document until it is approved. It
        says in plain words how Touchline means to work; it is not legal advice and not the final wording.
      </p>
      {children}
      <p>
        <Link
          to="/"
          className="font-medium text-emerald-800 underline underline-offset-4 dark:text-emerald-300"
        >
          Back to Touchline
        </Link>
      </p>
    </article>
  );
}

/** /terms: the Terms of Service the Updated Policies modal links to (§2). */
export function TermsPage() {
  return (
    <PolicyPage title="Terms of Service" updated="November 2026">
      <p>
        Touchline helps youth sports organizations track what their coaches, volunteers and players must
        complete (documents, forms, waivers, trainings and screenings) and who has reviewed it.
      </p>
      <h2 className="pt-2 text-xl font-semibold">Your account</h2>
      <p>
        Keep your password to yourself and tell your organization if you think someone else used your account.
        You are responsible for what you submit being true and yours to share.
      </p>
      <h2 className="pt-2 text-xl font-semibold">Your organization</h2>
      <p>
        Organizations decide which requirements apply to their members and who may review them. Touchline
        processes that information on their behalf and does not decide who may take part in an activity.
      </p>
      <h2 className="pt-2 text-xl font-semibold">Changes</h2>
      <p>
        When these terms change in a way that matters, we ask you to acknowledge them the next time you sign
        in.
      </p>
    </PolicyPage>
  );
}

/** /privacy: the Privacy Policy the Updated Policies modal links to (§2). */
export function PrivacyPage() {
  return (
    <PolicyPage title="Privacy Policy" updated="November 2026">
      <p>
        Touchline keeps the personal information your organization needs to check requirements: your name,
        contact details, the documents and answers you submit, and the results of reviews and screenings.
      </p>
      <h2 className="pt-2 text-xl font-semibold">Who sees it</h2>
      <p>
        People with a role in your organization see what their role allows. Screening partners receive only
        what a screening you requested needs. We do not sell personal information.
      </p>
      <h2 className="pt-2 text-xl font-semibold">How long we keep it</h2>
      <p>
        As long as your organization needs it for its compliance records, and no longer than the law allows.
      </p>
      <h2 className="pt-2 text-xl font-semibold">Your choices</h2>
      <p>You can ask your organization, or us, to see, correct or delete the information about you.</p>
    </PolicyPage>
  );
}
