import { Navigate, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../lib/active-profile.ts';
import { useCurrentLevel } from '../../lib/current-level.ts';

/**
 * /dashboard, the spec's partner-integration return path (§2): the dashboard of the level the user was working in,
 * else of their topmost level; home when they have no organization. The query string travels along.
 */
export function CurrentDashboardRoute() {
  const profile = useActiveProfile();
  const current = useCurrentLevel(profile.data?.profileId);
  const { search } = useLocation();
  if (profile.isPending) return <Spinner label="Opening your dashboard" />;
  const levelId = current?.currentLevelId ?? profile.data?.hierarchyLevelId ?? null;
  if (!levelId) return <Navigate to="/" replace />;
  return <Navigate to={`/levels/${encodeURIComponent(levelId)}/dashboard${search}`} replace />;
}
