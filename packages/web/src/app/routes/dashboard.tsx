import { useParams } from 'react-router';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

/** /levels/:levelId/dashboard: the dashboard feature's page for one level (ADR 016). */
export function DashboardRoute() {
  const { levelId = '' } = useParams();
  return <DashboardPage key={levelId} levelId={levelId} />;
}
