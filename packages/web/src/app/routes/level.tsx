import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { isLevelId } from '../../lib/level-id.ts';
import { levelNavigationQueryOptions } from '../../lib/level-navigation.ts';
import { LevelPage } from '../../features/hierarchy/components/level-page.tsx';
import { NotFoundPage } from './not-found.tsx';

/** Starts loading the level before the page renders; the page itself shows loading, refusal and failure. */
export const levelLoader =
  (queryClient: QueryClient) =>
  ({ params }: LoaderFunctionArgs) => {
    if (params.levelId && isLevelId(params.levelId))
      void queryClient.prefetchQuery(levelNavigationQueryOptions(params.levelId));
    return null;
  };

/** /levels/:levelId: the level page of the hierarchy feature. */
export function LevelRoute() {
  const { levelId = '' } = useParams();
  if (!isLevelId(levelId)) return <NotFoundPage />;
  return <LevelPage levelId={levelId} />;
}
