import { useRef, type FocusEvent, type MouseEvent } from 'react';
import type { LevelWithCounts } from '@touchline/contracts/hierarchy';
import { useLevelNavigation } from '../api/get-level-navigation.ts';
import { membersLabel } from './level-format.ts';
import { useLevelTree } from './level-tree-context.ts';

const rowBase =
  'flex w-full cursor-pointer items-center gap-1 rounded-md py-1.5 pr-2 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:hover:bg-slate-800 dark:focus-visible:outline-emerald-400';

/**
 * One level of the tree (WAI-ARIA treeitem): a row with the expand chevron, the name and the member count, and
 * its children, loaded from the level's navigation only once it is expanded.
 */
export function LevelTreeItem({
  level,
  position,
  setSize,
}: {
  level: LevelWithCounts;
  position: number;
  setSize: number;
}) {
  const tree = useLevelTree();
  const item = useRef<HTMLDivElement>(null);
  const expandable = level.childCount > 0;
  const expanded = expandable && tree.isExpanded(level);
  const below = useLevelNavigation(level.id, { enabled: expanded });
  const selected = tree.selectedId === level.id;
  const ariaLevel = level.depth - tree.topDepth + 1;

  const handleToggle = (event: MouseEvent) => {
    event.stopPropagation();
    if (!expandable) return;
    // Collapsing hides whatever had focus inside: focus moves to this item rather than to the page.
    const active = document.activeElement;
    const branch = item.current?.parentElement;
    if (expanded && item.current && active !== item.current && branch?.contains(active)) {
      tree.setFocusedId(level.id);
      item.current.focus();
    }
    tree.setExpanded(level, !expanded);
  };
  const handleFocus = (event: FocusEvent) => {
    if (event.target === event.currentTarget) tree.setFocusedId(level.id);
  };

  const indent = { paddingLeft: `${(ariaLevel - 1) * 0.875 + 0.25}rem` };
  const noteIndent = { paddingLeft: `${ariaLevel * 0.875 + 1.5}rem` };
  const groupId = `level-tree-group-${level.id}`;
  const showGroup = expanded && below.isSuccess && below.data.children.length > 0;
  // The APG navigation-tree shape: the treeitem holds only its own row and owns the group beside it; its name is
  // given outright, since a name from content would take in the owned group too.
  return (
    <li role="none">
      <div
        ref={item}
        role="treeitem"
        data-level-id={level.id}
        data-depth={level.depth}
        data-name={level.name}
        data-children-error={expanded && below.isError ? 'true' : undefined}
        aria-level={ariaLevel}
        aria-setsize={setSize}
        aria-posinset={position}
        aria-expanded={expandable ? expanded : undefined}
        aria-selected={selected}
        aria-busy={expanded && below.isPending ? true : undefined}
        aria-owns={showGroup ? groupId : undefined}
        aria-label={
          level.memberCount === null ? level.name : `${level.name}, ${membersLabel(level.memberCount)}`
        }
        tabIndex={tree.focusedId === level.id ? 0 : -1}
        onFocus={handleFocus}
        onClick={() => tree.select(level)}
        style={indent}
        className={`${rowBase} ${selected ? 'bg-emerald-50 font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' : ''}`}
      >
        <span
          aria-hidden="true"
          onClick={handleToggle}
          className="flex h-5 w-5 shrink-0 items-center justify-center"
        >
          {expandable ? (
            <svg
              viewBox="0 0 20 20"
              fill="currentColor"
              className={`h-4 w-4 text-slate-500 transition-transform dark:text-slate-400 ${expanded ? 'rotate-90' : ''}`}
            >
              <path d="M7.2 4.2a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.5 10 7.2 5.6a1 1 0 0 1 0-1.4Z" />
            </svg>
          ) : null}
        </span>
        <span className="min-w-0 flex-1 truncate" title={level.name}>
          {level.name}
        </span>{' '}
        {level.memberCount === null ? null : (
          <span className="shrink-0 rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
            {level.memberCount}
          </span>
        )}
      </div>
      {!expanded ? null : below.isPending ? (
        <p className="py-1 text-xs text-slate-600 dark:text-slate-400" style={noteIndent}>
          Loading…
        </p>
      ) : below.isError ? (
        <p className="py-1 text-xs text-red-700 dark:text-red-400" style={noteIndent}>
          Could not load the levels below.{' '}
          <span className="cursor-pointer underline" onClick={() => void below.refetch()}>
            Try again
          </span>
        </p>
      ) : showGroup ? (
        <ul role="group" id={groupId}>
          {below.data.children.map((child, i) => (
            <LevelTreeItem
              key={child.id}
              level={child}
              position={i + 1}
              setSize={below.data.children.length}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
