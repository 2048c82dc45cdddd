import { useEffect, useRef, type ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title.ts';

/**
 * The frame of a single-form page (sign-in, signup, account links): a centred card with the page's heading, which takes focus when the
 * page opens so screen-reader users hear where they are after a navigation.
 */
export function FormCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [title]);
  return (
    <div className="mx-auto w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        {title}
      </h1>
      {intro ? <div className="mt-2 text-slate-700 dark:text-slate-300">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** A link styled for secondary actions next to a form. */
export const textLinkClass =
  'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300 dark:hover:text-emerald-200';
