import type { ReviewListItem } from '@touchline/contracts/reviews';
import { bulkDecidable, outcomeLabel, sourceLabel, typeLabel } from './review-labels.ts';

/** The props of the queue table. */
export interface ReviewQueueProps {
  items: readonly ReviewListItem[];
  historical: boolean;
  selectedKey: string | null;
  checked: ReadonlySet<string>;
  onSelect: (item: ReviewListItem) => void;
  onCheck: (key: string, on: boolean) => void;
  onCheckAll: (on: boolean) => void;
}

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');
const cell = 'px-2 py-2 text-left align-top';
/** Below md a row is a card and its cells stack (ADR 024); the column heads give way to labels in the cells. */
const cardCell = 'max-md:block max-md:px-0 max-md:py-0.5';
const headCell = `${cell} max-md:hidden`;

/** The Pending queue (with bulk selection) or the Historical decisions, one row per item. */
export function ReviewQueue(p: ReviewQueueProps) {
  const selectable = p.items.filter(bulkDecidable);
  const allChecked = selectable.length > 0 && selectable.every((i) => p.checked.has(i.key));
  return (
    <table className="w-full text-sm max-md:block">
      <caption className="sr-only">
        {p.historical ? 'Past decisions' : 'Requirements awaiting review'}
      </caption>
      <thead className="border-b border-slate-300 max-md:block max-md:border-0 dark:border-slate-700">
        <tr className="max-md:block">
          {p.historical ? null : (
            <th scope="col" className={cell}>
              <input
                type="checkbox"
                aria-label="Select every requirement on this page"
                checked={allChecked}
                disabled={selectable.length === 0}
                onChange={(e) => p.onCheckAll(e.target.checked)}
              />
            </th>
          )}
          <th scope="col" className={headCell}>
            Member
          </th>
          <th scope="col" className={headCell}>
            Requirement
          </th>
          <th scope="col" className={headCell}>
            Source
          </th>
          <th scope="col" className={headCell}>
            {p.historical ? 'Decision' : 'Completed'}
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block max-md:space-y-3">
        {p.items.map((item) => (
          <tr
            key={item.key}
            aria-selected={item.key === p.selectedKey}
            className="border-b border-slate-200 aria-selected:bg-emerald-50 max-md:relative max-md:block max-md:rounded-lg max-md:border max-md:bg-white max-md:p-3 max-md:pl-10 dark:border-slate-800 dark:aria-selected:bg-emerald-950 max-md:dark:bg-slate-900"
          >
            {p.historical ? null : (
              <td className={`${cell} max-md:absolute max-md:top-3 max-md:left-2`}>
                {bulkDecidable(item) ? (
                  <input
                    type="checkbox"
                    aria-label={`Select ${item.memberName}, ${item.requirementName}`}
                    checked={p.checked.has(item.key)}
                    onChange={(e) => p.onCheck(item.key, e.target.checked)}
                  />
                ) : (
                  <span
                    className="text-xs text-slate-600 dark:text-slate-400"
                    title="A possible registry match is decided on its own"
                  >
                    —<span className="sr-only">A possible registry match is decided on its own</span>
                  </span>
                )}
              </td>
            )}
            <td className={`${cell} ${cardCell}`}>
              <button
                type="button"
                onClick={() => p.onSelect(item)}
                className="text-left font-medium text-emerald-800 underline-offset-2 hover:underline dark:text-emerald-300"
              >
                {item.memberName}
              </button>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{item.levelName}</span>
            </td>
            <td className={`${cell} ${cardCell}`}>
              {item.requirementName}
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                {typeLabel(item.requirementType)}
              </span>
            </td>
            <td className={`${cell} ${cardCell}`}>{sourceLabel(item.reviewSource)}</td>
            <td className={`${cell} ${cardCell}`}>
              {item.decision ? (
                <>
                  <strong>{outcomeLabel(item.decision.outcome)}</strong> by {item.decision.reviewerName},{' '}
                  {new Date(item.decision.reviewedAt).toLocaleString()}
                  {item.decision.notes ? (
                    <span className="block text-xs">“{item.decision.notes}”</span>
                  ) : null}
                </>
              ) : (
                day(item.completedAt)
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
