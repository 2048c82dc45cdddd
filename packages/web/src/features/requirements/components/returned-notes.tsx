import type { MemberRequirement } from '@touchline/contracts/member-requirements';

/**
 * Why a reviewer returned the requirement (RejectedReset), so the member need not find the e-mail; nothing when
 * the server sends no notes (never for a disqualification, ADR 015).
 */
export function ReturnedNotes({
  item,
  className = '',
}: {
  item: Pick<MemberRequirement, 'returnedNotes'>;
  className?: string;
}) {
  if (!item.returnedNotes) return null;
  return (
    <p
      className={`rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200 ${className}`}
    >
      <span className="font-semibold">Returned by the reviewer:</span> {item.returnedNotes}
    </p>
  );
}
