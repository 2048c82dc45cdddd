import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  initialLeftNavigationState,
  isLevelExpanded,
  leftNavigationStorageKey,
  resetLeftNavigationStores,
  useLeftNavigationState,
  withLevelExpanded,
} from './use-left-navigation-state.ts';

const top = { id: 'league', depth: 0 };
const east = { id: 'east', depth: 1 };

beforeEach(() => resetLeftNavigationStores());

describe('the left navigation state per profile (spec §3)', () => {
  it('opens the top level by default, and nothing else', () => {
    expect(isLevelExpanded(initialLeftNavigationState, top, top)).toBe(true);
    expect(isLevelExpanded(initialLeftNavigationState, top, east)).toBe(false);
  });

  it('writes the default down on the first change, then follows the user alone', () => {
    const opened = withLevelExpanded(initialLeftNavigationState, top, east, true);
    expect(opened).toEqual({ levels: { '0': ['league'], '1': ['east'] }, defaultExpand: false });
    const closedTop = withLevelExpanded(opened, top, top, false);
    expect(closedTop).toEqual({ levels: { '1': ['east'] }, defaultExpand: false });
    expect(isLevelExpanded(closedTop, top, top)).toBe(false);
    expect(isLevelExpanded(closedTop, top, east)).toBe(true);
  });

  it('is remembered in local storage, separately for each profile', () => {
    const first = renderHook(() => useLeftNavigationState('profile-1', top));
    act(() => first.result.current.setExpanded(east, true));
    expect(first.result.current.isExpanded(east)).toBe(true);
    expect(JSON.parse(localStorage.getItem(leftNavigationStorageKey('profile-1')) ?? 'null')).toEqual({
      levels: { '0': ['league'], '1': ['east'] },
      defaultExpand: false,
    });
    first.unmount();

    resetLeftNavigationStores();
    const again = renderHook(() => useLeftNavigationState('profile-1', top));
    expect(again.result.current.isExpanded(east)).toBe(true);
    const other = renderHook(() => useLeftNavigationState('profile-2', top));
    expect(other.result.current.state).toEqual(initialLeftNavigationState);
  });

  it('drops a saved state of the wrong shape', () => {
    localStorage.setItem(leftNavigationStorageKey('profile-3'), JSON.stringify({ levels: 'all' }));
    const { result } = renderHook(() => useLeftNavigationState('profile-3', top));
    expect(result.current.state).toEqual(initialLeftNavigationState);
  });
});
