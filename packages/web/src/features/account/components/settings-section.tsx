import { useId, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';

/**
 * The frame of one account settings section: a titled card with its own success and error messages, which are
 * live regions so a save is announced where it happened.
 */
export function SettingsSection({
  title,
  description,
  success,
  error,
  children,
}: {
  title: string;
  description?: ReactNode;
  success?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      <Alert tone="success" className={success ? 'mt-4' : ''}>
        {success}
      </Alert>
      <Alert className={error ? 'mt-4' : ''}>{error}</Alert>
      <div className="mt-4">{children}</div>
    </section>
  );
}
