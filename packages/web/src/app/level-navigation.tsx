import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { ReceivedCredentialsNavLink } from '../features/credential-sharing/components/received-credentials-nav-link.tsx';
import { NavigationSearch } from '../features/dashboard/components/navigation-search.tsx';
import { GameDayNavLinks } from '../features/game-day/components/game-day-nav-links.tsx';
import { LevelTree } from '../features/hierarchy/components/level-tree.tsx';
import { ReviewNavLink } from '../features/reviews/components/review-nav-link.tsx';
import { useActiveProfile } from '../lib/active-profile.ts';
import { isSessionLoggedIn, useSession } from '../lib/session.ts';

const noLevels = 'No levels to show yet. Your organization’s levels appear here once you belong to one.';

/**
 * The app shell's left navigation: the search over levels and members, then the level tree of the active profile,
 * starting at its topmost level. Signed-out
 * pages and users without an organization get a short explanation instead.
 */
export function LevelNavigation() {
  const session = useSession();
  const profile = useActiveProfile();
  if (!isSessionLoggedIn(session))
    return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{noLevels}</p>;
  if (profile.isPending) return <Spinner label="Loading levels" />;
  if (profile.isError) {
    return (
      <div className="mt-3 space-y-3">
        <Alert>Could not load your levels. {profile.error.message}</Alert>
        <Button label="Retry" variant="secondary" onClick={() => void profile.refetch()} />
      </div>
    );
  }
  const topLevelId = profile.data?.hierarchyLevelId;
  if (!profile.data || !topLevelId) {
    return <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{noLevels}</p>;
  }
  const { pendingReviewCount, organizationId } = profile.data;
  return (
    <>
      <NavigationSearch />
      {pendingReviewCount !== null && organizationId ? (
        <>
          <ReviewNavLink organizationId={organizationId} initialCount={pendingReviewCount} />
          <ReceivedCredentialsNavLink />
        </>
      ) : null}
      <GameDayNavLinks levelRoles={profile.data.levelRoles} />
      <LevelTree key={profile.data.profileId} profileId={profile.data.profileId} topLevelId={topLevelId} />
    </>
  );
}
