import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ProfileWithPlas } from '@touchline/contracts/profiles';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useChildProfiles } from '../api/get-child-profiles.ts';
import { ProfilePage } from './profile-page.tsx';

/** Where a child's edit page lives (the partner return path lists the children with links to it). */
export const childProfilePath = (profileId: string) => `/profile/children/${encodeURIComponent(profileId)}`;

/** The guardian's children, each with a link to edit them. */
function ChildList({ profiles }: { profiles: ProfileWithPlas[] }) {
  useDocumentTitle('Your children');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
          Your children
        </h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          The profiles you look after. Keep their details and contacts up to date.
        </p>
      </div>
      <ul className="space-y-4">
        {profiles.map((child) => (
          <li
            key={child.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
          >
            <div>
              <p className="text-lg font-semibold">
                {child.firstName} {child.lastName}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {child.dateOfBirth ? `Born ${child.dateOfBirth}` : 'No date of birth yet'}
                {child.profileLevelAccesses.length > 0
                  ? ` · ${child.profileLevelAccesses.map((a) => `${a.roleLabel} at ${a.levelName}`).join(', ')}`
                  : ''}
              </p>
            </div>
            <Link
              to={childProfilePath(child.id)}
              className={buttonClassName('secondary', 1, false, false)}
              aria-label={`Edit ${child.firstName} ${child.lastName}`}
            >
              Edit
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /groupAccountDashboard, the partner return path "edit child profile info": the guardian's child profiles with
 * links to edit each, or the profile page when they look after no one.
 */
export function GroupAccountDashboard() {
  const active = useActiveProfile();
  const children = useChildProfiles(active.data?.profileId ?? '');
  if (children.isPending) return <Spinner label="Loading your children’s profiles" />;
  if (children.isError) return <Alert>{children.error.message}</Alert>;
  return children.data.length === 0 ? <ProfilePage /> : <ChildList profiles={children.data} />;
}
