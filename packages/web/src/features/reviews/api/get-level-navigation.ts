import { useQuery } from '@tanstack/react-query';
import { levelNavigationQueryOptions } from '../../../lib/level-navigation.ts';

/** One level's navigation for the queue's level filter (the tree's own query and cache); nothing without a level. */
export const useLevelNavigation = (levelId: string | null) =>
  useQuery({ ...levelNavigationQueryOptions(levelId ?? ''), enabled: levelId !== null });
