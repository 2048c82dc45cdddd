import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { LevelRolesSummary } from '../../features/auth/components/level-roles-summary.tsx';
import { DeploymentSummary } from '../../features/system/components/deployment-summary.tsx';
import { systemInfoQueryOptions } from '../../features/system/api/get-system-info.ts';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { sessionUser, useSession } from '../../lib/session.ts';

/** Loads the page's data before it renders; a failure shows the route's error screen. */
export const homeLoader = (queryClient: QueryClient) => () =>
  queryClient.ensureQueryData(systemInfoQueryOptions());

/** The signed-in landing page: a welcome by first name and what this deployment holds. */
export function HomePage() {
  const { data } = useSuspenseQuery(systemInfoQueryOptions());
  const current = useSession();
  const { firstName } = sessionUser(current);
  const userId = typeof current.claims.sub === 'string' ? current.claims.sub : '';
  useDocumentTitle('Home');
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold tracking-tight">
        {firstName ? `Welcome, ${firstName}` : `Welcome to ${data.product}`}
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Track the requirements your coaches, volunteers and players must complete, review what they submit,
        and see at a glance who is cleared to be on the field.
      </p>
      {userId ? (
        <div className="mt-8">
          <LevelRolesSummary userId={userId} />
        </div>
      ) : null}
      <div className="mt-8">
        <DeploymentSummary info={data} />
      </div>
    </div>
  );
}
