import { useParams } from 'react-router';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';
import { isLevelId } from '../../lib/level-id.ts';
import { NotFoundPage } from './not-found.tsx';

/** /levels/:levelId/dashboard: the dashboard feature's page for one level (ADR 016). */
export function DashboardRoute() {
  const { levelId = '' } = useParams();
  if (!isLevelId(levelId)) return <NotFoundPage />;
  return <DashboardPage key={levelId} levelId={levelId} />;
}
