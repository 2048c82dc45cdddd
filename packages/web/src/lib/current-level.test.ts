import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearCurrentLevels, getCurrentLevel, setCurrentLevel, useCurrentLevel } from './current-level.ts';

const team = {
  currentLevelId: 'team-1',
  currentLevelName: 'U10 Girls',
  currentLevelDepth: 2,
  currentLevelRole: 'Manager',
};

beforeEach(() => clearCurrentLevels());

describe('the current level of the session (spec §3)', () => {
  it('is kept per profile and saved for the next visit', () => {
    expect(getCurrentLevel('profile-1')).toBeNull();
    setCurrentLevel('profile-1', team);
    expect(getCurrentLevel('profile-1')).toEqual(team);
    expect(getCurrentLevel('profile-2')).toBeNull();
    expect(JSON.parse(localStorage.getItem('touchline.current-level') ?? '{}')).toEqual({
      'profile-1': team,
    });
  });

  it('re-renders its readers when it changes, and only then', () => {
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useCurrentLevel('profile-1');
    });
    expect(result.current).toBeNull();
    act(() => setCurrentLevel('profile-1', team));
    expect(result.current).toEqual(team);
    const afterChange = renders;
    act(() => setCurrentLevel('profile-1', { ...team }));
    expect(renders).toBe(afterChange);
    act(() => setCurrentLevel('profile-2', { ...team, currentLevelId: 'other' }));
    expect(result.current).toEqual(team);
  });

  it('reads nothing without a profile', () => {
    setCurrentLevel('profile-1', team);
    const { result } = renderHook(() => useCurrentLevel(null));
    expect(result.current).toBeNull();
  });
});
