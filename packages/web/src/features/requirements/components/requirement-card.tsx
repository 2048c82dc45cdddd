import { Link } from 'react-router';
import type { MemberRequirement } from '@touchline/contracts/member-requirements';
import { requirementTypeByNo } from '@touchline/contracts/requirement-types';
import { nextActionText } from './next-action.ts';
import { ReturnedNotes } from './returned-notes.tsx';
import { SharedCredentialNote } from './shared-credential-note.tsx';
import { StatusBadge } from './status-badge.tsx';
import { formatDueDate } from './urgency.ts';

/** Where a requirement is completed. */
export const requirementPath = (definitionId: string) => `/requirements/${encodeURIComponent(definitionId)}`;

/**
 * One requirement in the member's list: its name (the link, which covers the whole card), type, status, due date
 * and next step, laid out to stack on a phone.
 */
export function RequirementCard({ item }: { item: MemberRequirement }) {
  const typeLabel = requirementTypeByNo(item.type)?.label ?? 'Requirement';
  const next = nextActionText(item);
  return (
    <li className="relative rounded-lg border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-emerald-600 hover:border-emerald-600 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 text-base font-semibold break-words">
          <Link
            to={requirementPath(item.definitionId)}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:underline"
          >
            {item.name}
          </Link>
        </h3>
        <StatusBadge status={item.status} />
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm break-words text-slate-700 dark:text-slate-300">
        <dt className="font-medium">Type</dt>
        <dd>
          {typeLabel}
          {item.isOptional ? ' · optional' : ''}
        </dd>
        <dt className="font-medium">Due</dt>
        <dd>{item.dueDate ? formatDueDate(item.dueDate) : 'No due date'}</dd>
        {item.expiresAt ? (
          <>
            <dt className="font-medium">Valid until</dt>
            <dd>{formatDueDate(item.expiresAt)}</dd>
          </>
        ) : null}
        <dt className="font-medium">Next</dt>
        <dd className={item.nextAction ? 'font-semibold text-emerald-800 dark:text-emerald-300' : ''}>
          {next}
        </dd>
      </dl>
      <ReturnedNotes item={item} className="mt-3" />
      <SharedCredentialNote item={item} className="mt-3" />
    </li>
  );
}
