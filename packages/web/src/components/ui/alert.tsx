import type { ReactNode } from 'react';

export interface AlertProps {
  /** 'error' is announced at once (role alert); the others politely (role status). */
  tone?: 'error' | 'success' | 'info';
  children?: ReactNode;
  className?: string;
}

const tones = {
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  info: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
} as const;

/**
 * A live message region. It stays in the page while empty, so screen readers announce a message the moment
 * it appears (a region inserted together with its text is not always read).
 */
export function Alert({ tone = 'error', children, className = '' }: AlertProps) {
  const hasContent = children !== undefined && children !== null && children !== false && children !== '';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={className}>
      {hasContent ? (
        <div className={`rounded-md border px-4 py-3 text-sm ${tones[tone]}`}>{children}</div>
      ) : null}
    </div>
  );
}
