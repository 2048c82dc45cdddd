import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { LevelWithCounts } from '@touchline/contracts/hierarchy';
import { Alert } from '../../../components/ui/alert.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { useOrderLevelChildren } from '../api/order-level-children.ts';
import { levelPath, levelsBelowLabel, membersLabel } from './level-format.ts';

const smallButton =
  'rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * The levels right below a level, in their order, each with its counts and a link to its page; an administrator
 * can move each one up or down among its siblings.
 */
export function LevelChildrenList({
  parentId,
  levels,
  canReorder,
}: {
  parentId: string;
  levels: LevelWithCounts[];
  canReorder: boolean;
}) {
  const order = useOrderLevelChildren();
  const [refocus, setRefocus] = useState<string | null>(null);

  // A reordered row is moved in the page, which drops focus: put it back on the button that was pressed.
  useEffect(() => {
    if (!refocus) return;
    const button = document.getElementById(refocus);
    if (button && !button.hasAttribute('disabled')) button.focus();
  }, [refocus, levels]);

  const shift = (index: number, by: -1 | 1, buttonId: string) => {
    const ids = levels.map((l) => l.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    setRefocus(buttonId);
    order.mutate({ id: parentId, childIds: ids });
  };

  return (
    <div>
      <Alert>{order.isError ? order.error.message : null}</Alert>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
        {levels.map((level, i) => (
          <li key={level.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <Link to={levelPath(level.id)} className={`${textLinkClass} font-semibold`}>
                {level.name}
              </Link>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {[
                  level.memberCount === null ? null : membersLabel(level.memberCount),
                  levelsBelowLabel(level.childCount),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
            </div>
            {canReorder && levels.length > 1 ? (
              <div className="flex gap-2">
                <button
                  id={`move-up-${level.id}`}
                  type="button"
                  className={smallButton}
                  disabled={i === 0 || order.isPending}
                  aria-label={`Move ${level.name} up`}
                  onClick={() => shift(i, -1, `move-up-${level.id}`)}
                >
                  Up
                </button>
                <button
                  id={`move-down-${level.id}`}
                  type="button"
                  className={smallButton}
                  disabled={i === levels.length - 1 || order.isPending}
                  aria-label={`Move ${level.name} down`}
                  onClick={() => shift(i, 1, `move-down-${level.id}`)}
                >
                  Down
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
