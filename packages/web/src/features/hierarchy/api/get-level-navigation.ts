import { useQuery } from '@tanstack/react-query';
import { levelNavigationQueryOptions } from '../../../lib/level-navigation.ts';

/** One level's navigation; `enabled: false` keeps a collapsed tree node from loading its children. */
export const useLevelNavigation = (levelId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...levelNavigationQueryOptions(levelId), enabled: options.enabled ?? true });
