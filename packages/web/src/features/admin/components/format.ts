/** A timestamp as an operator reads it: local date and time to the minute ('—' when none). */
export function formatWhen(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A share as a whole percentage ('—' when there is nothing to share). */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** Shared look of the area's tables. */
export const tableClass = 'w-full border-collapse text-left text-sm';
export const headCellClass = 'border-b border-slate-300 px-2 py-2 font-semibold dark:border-slate-700';
export const cellClass = 'border-b border-slate-200 px-2 py-2 align-top dark:border-slate-800';
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900';
