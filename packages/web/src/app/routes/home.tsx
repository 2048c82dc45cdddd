import type { QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isPlatformAdmin } from '@touchline/contracts/roles';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { LevelCompliance } from '../../features/home/components/level-compliance.tsx';
import { managedLevels } from '../../features/home/components/managed-levels.ts';
import { NoOrganization } from '../../features/home/components/no-organization.tsx';
import { OrganizationContact } from '../../features/organizations/components/organization-contact.tsx';
import { MyToDo } from '../../features/requirements/components/my-to-do.tsx';
import { MyConditionsNotice } from '../../features/incidents/components/my-conditions-notice.tsx';
import { DeploymentSummary } from '../../features/system/components/deployment-summary.tsx';
import { useSystemInfo } from '../../features/system/api/get-system-info.ts';
import { activeProfileQueryOptions, useActiveProfile } from '../../lib/active-profile.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { isSessionLoggedIn, rolesOfClaims, session, sessionUser, useSession } from '../../lib/session.ts';

/** Loads the active profile before the page renders (it decides which home to show); a failure shows the error screen. */
export const homeLoader = (queryClient: QueryClient) => async () => {
  await session.ensureLoaded();
  const snapshot = session.getSnapshot();
  if (!isSessionLoggedIn(snapshot)) return null;
  return queryClient.ensureQueryData(activeProfileQueryOptions(snapshot));
};

function PlatformDeployment() {
  const info = useSystemInfo();
  if (!info.data) return null;
  return (
    <div className="space-y-2">
      <DeploymentSummary info={info.data} />
      <Link
        to="/admin"
        className="mr-4 inline-block rounded-md text-sm font-medium text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300"
      >
        Administration: organizations, people, health
      </Link>
      <Link
        to="/admin/integrations"
        className="inline-block rounded-md text-sm font-medium text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:text-emerald-300"
      >
        Integrations: webhook events and dead letters
      </Link>
    </div>
  );
}

/**
 * The signed-in landing page, by role (ADR 024): a manager or administrator sees the compliance of the levels they
 * hold with the shortest path to act; everyone with an organization sees their own to-do list (a staff member only
 * when something is assigned to them); a user with no organization sees how to create or join one. Deployment facts
 * are for platform admins only.
 */
export function HomePage() {
  const current = useSession();
  const { firstName } = sessionUser(current);
  const profile = useActiveProfile();
  const platformAdmin = isPlatformAdmin(rolesOfClaims(current.claims));
  useDocumentTitle('Home');

  let body;
  if (profile.isPending) body = null;
  else if (profile.isError)
    body = (
      <div className="space-y-2">
        <Alert>{`Your organization could not be loaded: ${profile.error.message}`}</Alert>
        <Button label="Try again" variant="secondary" onClick={() => void profile.refetch()} />
      </div>
    );
  else if (profile.data === null) body = <NoOrganization />;
  else {
    const levels = managedLevels(profile.data);
    body = (
      <>
        {levels.length > 0 ? (
          <section aria-labelledby="compliance-heading" className="space-y-3">
            <h2 id="compliance-heading" className="text-lg font-semibold">
              Compliance at your levels
            </h2>
            <div className="grid gap-4 lg:grid-cols-2">
              {levels.map((level) => (
                <LevelCompliance key={level.levelId} level={level} />
              ))}
            </div>
          </section>
        ) : null}
        <MyToDo
          compact={levels.length > 0}
          disqualifiedHelp={<OrganizationContact />}
          statusNotice={<MyConditionsNotice profileId={profile.data.profileId} />}
        />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {firstName ? `Welcome, ${firstName}` : 'Welcome to Touchline'}
        </h1>
        {profile.data ? (
          <p className="mt-1 text-slate-700 dark:text-slate-300">{profile.data.organizationName}</p>
        ) : null}
      </div>
      {body}
      {platformAdmin ? <PlatformDeployment /> : null}
    </div>
  );
}
