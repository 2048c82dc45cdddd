import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LevelNavigation, LevelWithCounts } from '@touchline/contracts/hierarchy';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { setCurrentLevel, useCurrentLevel } from '../../../lib/current-level.ts';
import { levelNavigationQueryOptions } from '../../../lib/level-navigation.ts';
import { useLevelNavigation } from '../api/get-level-navigation.ts';
import { useLeftNavigationState } from '../hooks/use-left-navigation-state.ts';
import { levelPath } from './level-format.ts';
import { LevelTreeContext, type LevelTreeContextValue, type TreeLevel } from './level-tree-context.ts';
import { LevelTreeItem } from './level-tree-item.tsx';

const itemsOf = (tree: HTMLElement) => Array.from(tree.querySelectorAll<HTMLElement>('[role="treeitem"]'));
// Each treeitem sits in an <li role="none"> beside the group it owns (level-tree-item.tsx).
const firstChildOf = (item: HTMLElement) =>
  item.parentElement?.querySelector<HTMLElement>(':scope > [role="group"] [role="treeitem"]');
const parentOf = (item: HTMLElement) =>
  item.parentElement?.parentElement?.closest('li')?.querySelector<HTMLElement>(':scope > [role="treeitem"]');
const levelOf = (item: HTMLElement): TreeLevel => ({
  id: item.dataset.levelId ?? '',
  name: item.dataset.name ?? '',
  depth: Number(item.dataset.depth ?? 0),
});

/**
 * The left navigation tree (spec §2): starts at the profile's topmost level, loads children as levels expand,
 * remembers the expansion per profile, and selects the profile's current level, whose page it opens.
 */
export function LevelTree({ profileId, topLevelId }: { profileId: string; topLevelId: string }) {
  const top = useLevelNavigation(topLevelId);
  if (top.isPending) return <Spinner label="Loading levels" />;
  if (top.isError) {
    return (
      <div className="mt-3 space-y-3">
        <Alert>Could not load your levels. {top.error.message}</Alert>
        <Button label="Retry" variant="secondary" onClick={() => void top.refetch()} />
      </div>
    );
  }
  return <LoadedTree profileId={profileId} top={top.data} />;
}

function LoadedTree({ profileId, top }: { profileId: string; top: LevelNavigation }) {
  const topLevel: LevelWithCounts = top.level;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = useCurrentLevel(profileId);
  const { isExpanded, setExpanded } = useLeftNavigationState(profileId, topLevel);
  const selectedId = current?.currentLevelId ?? null;
  const [focusedId, setFocusedId] = useState<string | null>(selectedId ?? topLevel.id);
  const treeRef = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: '', at: 0 });

  // A profile that has not chosen a level yet starts at its topmost one.
  useEffect(() => {
    if (current) return;
    setCurrentLevel(profileId, {
      currentLevelId: topLevel.id,
      currentLevelName: topLevel.name,
      currentLevelDepth: topLevel.depth,
      currentLevelRole: top.actorRole,
    });
  }, [current, profileId, topLevel, top.actorRole]);

  // The tree follows the current level however it was reached (a link, the breadcrumb, the address bar): the
  // levels above it open, so it shows selected, and it scrolls into view. Its navigation (the breadcrumb) is the
  // level page's own query, so this normally reads the cache. Only opens: what the user closed elsewhere stays.
  const currentNavigation = useQuery({
    ...levelNavigationQueryOptions(selectedId ?? ''),
    enabled: selectedId !== null && selectedId !== topLevel.id,
  });
  const ancestors = currentNavigation.data?.ancestors;
  useEffect(() => {
    if (!ancestors) return;
    for (const level of ancestors) if (level.depth >= topLevel.depth) setExpanded(level, true);
  }, [ancestors, topLevel.depth, setExpanded]);
  useEffect(() => {
    if (!selectedId) return;
    const item = treeRef.current?.querySelector<HTMLElement>(
      `[role="treeitem"][data-level-id="${selectedId}"]`,
    );
    // jsdom has no layout, hence no scrollIntoView.
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [selectedId, ancestors]);

  // Exactly one item stays in the tab order, even when the focused one is collapsed away, deleted or not shown.
  useEffect(() => {
    const tree = treeRef.current;
    if (!tree) return;
    const ensureTabStop = () => {
      if (tree.querySelector('[role="treeitem"][tabindex="0"]')) return;
      const selected = selectedId
        ? tree.querySelector<HTMLElement>(`[role="treeitem"][data-level-id="${selectedId}"]`)
        : null;
      const fallback = selected ?? itemsOf(tree)[0];
      if (fallback?.dataset.levelId) setFocusedId(fallback.dataset.levelId);
    };
    ensureTabStop();
    const observer = new MutationObserver(ensureTabStop);
    observer.observe(tree, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [selectedId]);

  const context = useMemo<LevelTreeContextValue>(
    () => ({
      topDepth: topLevel.depth,
      selectedId,
      focusedId,
      setFocusedId,
      isExpanded,
      setExpanded,
      select: (level) => {
        const cached = queryClient.getQueryData(levelNavigationQueryOptions(level.id).queryKey);
        setCurrentLevel(profileId, {
          currentLevelId: level.id,
          currentLevelName: level.name,
          currentLevelDepth: level.depth,
          currentLevelRole: cached?.actorRole ?? null,
        });
        void navigate(levelPath(level.id));
      },
    }),
    [topLevel.depth, selectedId, focusedId, isExpanded, setExpanded, queryClient, profileId, navigate],
  );

  const focusItem = (item: HTMLElement | null | undefined) => {
    if (!item?.dataset.levelId) return;
    setFocusedId(item.dataset.levelId);
    item.focus();
  };

  /** Type-ahead: the next item whose name starts with what was typed within the last half second. */
  const focusByName = (items: HTMLElement[], from: number, key: string) => {
    const now = Date.now();
    typed.current = { text: now - typed.current.at < 500 ? typed.current.text + key : key, at: now };
    const prefix = typed.current.text.toLowerCase();
    const start = typed.current.text.length > 1 ? from : from + 1;
    const ordered = [...items.slice(start), ...items.slice(0, start)];
    focusItem(ordered.find((item) => (item.dataset.name ?? '').toLowerCase().startsWith(prefix)));
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const tree = treeRef.current;
    const currentItem = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!tree || !currentItem || event.altKey || event.ctrlKey || event.metaKey) return;
    const items = itemsOf(tree);
    const index = items.indexOf(currentItem);
    const level = levelOf(currentItem);
    const expanded = currentItem.getAttribute('aria-expanded');
    switch (event.key) {
      case 'ArrowDown':
        focusItem(items[index + 1]);
        break;
      case 'ArrowUp':
        focusItem(items[index - 1]);
        break;
      case 'Home':
        focusItem(items[0]);
        break;
      case 'End':
        focusItem(items.at(-1));
        break;
      case 'ArrowRight':
        if (expanded === 'false') setExpanded(level, true);
        else if (currentItem.dataset.childrenError)
          void queryClient.refetchQueries({ queryKey: levelNavigationQueryOptions(level.id).queryKey });
        else if (expanded === 'true') focusItem(firstChildOf(currentItem));
        break;
      case 'ArrowLeft':
        if (expanded === 'true') setExpanded(level, false);
        else focusItem(parentOf(currentItem));
        break;
      case 'Enter':
      case ' ':
        context.select(level);
        break;
      default:
        if (event.key.length !== 1 || event.key === ' ') return;
        focusByName(items, index, event.key);
    }
    event.preventDefault();
  };

  return (
    <LevelTreeContext.Provider value={context}>
      <ul ref={treeRef} role="tree" aria-label="Levels" onKeyDown={handleKeyDown} className="mt-3 -mx-2">
        <LevelTreeItem level={topLevel} position={1} setSize={1} />
      </ul>
    </LevelTreeContext.Provider>
  );
}
