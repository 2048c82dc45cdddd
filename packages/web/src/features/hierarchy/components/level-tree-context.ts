import { createContext, useContext } from 'react';

/** What the tree knows of a level to select or expand it. */
export type TreeLevel = { id: string; name: string; depth: number };

/** The tree's shared state, read by every item (roving focus, selection, remembered expansion). */
export interface LevelTreeContextValue {
  /** The depth of the tree's top level, so aria-level starts at 1 wherever the tree starts. */
  topDepth: number;
  selectedId: string | null;
  /** The one item in the tab order (roving tabindex). */
  focusedId: string | null;
  setFocusedId: (id: string) => void;
  isExpanded: (level: TreeLevel) => boolean;
  setExpanded: (level: TreeLevel, expanded: boolean) => void;
  select: (level: TreeLevel) => void;
}

/** The context the level tree provides to its items. */
export const LevelTreeContext = createContext<LevelTreeContextValue | null>(null);

/** The tree's state for an item; items exist only inside a tree. */
export function useLevelTree(): LevelTreeContextValue {
  const value = useContext(LevelTreeContext);
  if (!value) throw new Error('A level tree item must be rendered inside a LevelTree');
  return value;
}
