import { useCallback, useSyncExternalStore } from 'react';
import { leftNavigationStateSchema, type LeftNavigationState } from '@touchline/contracts/hierarchy';
import { createPersistedStore, readStoredValue, type PersistedStore } from '../../../lib/persisted-state.ts';

/** Where a profile's left navigation state is kept in local storage. */
export const leftNavigationStorageKey = (profileId: string) => `touchline.left-navigation.${profileId}`;

/** A profile that has never touched the tree: nothing remembered, the top level open by default. */
export const initialLeftNavigationState: LeftNavigationState = { levels: {}, defaultExpand: true };

const stores = new Map<string, PersistedStore<LeftNavigationState>>();

/** The persisted store of one profile's tree state, created on first use and read synchronously from storage. */
export function leftNavigationStore(profileId: string): PersistedStore<LeftNavigationState> {
  let store = stores.get(profileId);
  if (!store) {
    const key = leftNavigationStorageKey(profileId);
    store = createPersistedStore({
      key,
      initial: readStoredValue(key, leftNavigationStateSchema) ?? initialLeftNavigationState,
      schema: leftNavigationStateSchema,
    });
    stores.set(profileId, store);
  }
  return store;
}

/** Forgets the stores held in memory, so the next use reads storage again (tests, sign-out). */
export function resetLeftNavigationStores(): void {
  stores.clear();
}

/** Whether a level is expanded: remembered per depth, or the top level while the tree still opens by default. */
export function isLevelExpanded(
  state: LeftNavigationState,
  top: { id: string; depth: number },
  level: { id: string; depth: number },
): boolean {
  if (state.defaultExpand && level.id === top.id) return true;
  return state.levels[String(level.depth)]?.includes(level.id) ?? false;
}

/**
 * The state after expanding or collapsing a level. The first change writes the default (the top level open) down
 * as the user's own, so from then on the tree opens exactly as the user left it.
 */
export function withLevelExpanded(
  state: LeftNavigationState,
  top: { id: string; depth: number },
  level: { id: string; depth: number },
  expanded: boolean,
): LeftNavigationState {
  const levels = { ...state.levels };
  const add = (id: string, depth: number) => {
    const key = String(depth);
    const ids = levels[key] ?? [];
    if (!ids.includes(id)) levels[key] = [...ids, id];
  };
  if (state.defaultExpand) add(top.id, top.depth);
  if (expanded) add(level.id, level.depth);
  else {
    const key = String(level.depth);
    const remaining = (levels[key] ?? []).filter((id) => id !== level.id);
    if (remaining.length > 0) levels[key] = remaining;
    else delete levels[key];
  }
  return { levels, defaultExpand: false };
}

/** One profile's remembered expansion of the level tree (spec §3 left navigation state per profile). */
export function useLeftNavigationState(profileId: string, top: { id: string; depth: number }) {
  const store = leftNavigationStore(profileId);
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const { id: topId, depth: topDepth } = top;
  const isExpanded = useCallback(
    (level: { id: string; depth: number }) => isLevelExpanded(state, { id: topId, depth: topDepth }, level),
    [state, topId, topDepth],
  );
  const setExpanded = useCallback(
    (level: { id: string; depth: number }, expanded: boolean) =>
      store.set((previous) => withLevelExpanded(previous, { id: topId, depth: topDepth }, level, expanded)),
    [store, topId, topDepth],
  );
  return { state, isExpanded, setExpanded };
}
