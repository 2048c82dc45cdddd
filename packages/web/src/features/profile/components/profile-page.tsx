import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { AccessTokenClaim } from '@touchline/contracts/roles';
import { appRoutes } from '@touchline/contracts/routes';
import { Alert } from '../../../components/ui/alert.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { claimString } from '../../../lib/jwt.ts';
import { useSelectOrganization } from '../../../lib/select-organization.ts';
import { sessionUser, useSession } from '../../../lib/session.ts';
import { useChildProfiles } from '../api/get-child-profiles.ts';
import { useProfileOrganizations } from '../api/get-profile-organizations.ts';
import { OrganizationCard } from './organization-card.tsx';
import { responsiveImage } from '../../../lib/responsive-image.ts';

/**
 * The profile page (spec §3 profile page state: organizations, profiles, profiles by organization, profiles with
 * PLAs): who the user is, the organizations they belong to with their memberships, and switching between them.
 */
export function ProfilePage() {
  useDocumentTitle('Your profile');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const current = useSession();
  const user = sessionUser(current);
  const appUserId = claimString(current.claims, AccessTokenClaim.Subject) ?? '';
  const active = useActiveProfile();
  const organizations = useProfileOrganizations(appUserId);
  const children = useChildProfiles(active.data?.profileId ?? '');
  const select = useSelectOrganization();
  const navigate = useNavigate();

  const handleSwitch = (organizationId: string) =>
    select.mutate(organizationId, { onSuccess: () => void navigate('/') });
  const picture = active.data?.profilePicture ?? null;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div className="flex items-center gap-5">
        {picture ? (
          <img
            {...responsiveImage(picture, 80)}
            alt=""
            className="h-20 w-20 rounded-full border border-slate-200 object-cover"
          />
        ) : null}
        <div>
          <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold tracking-tight outline-none">
            {user.displayName || 'Your profile'}
          </h1>
          <p className="text-slate-700 dark:text-slate-300">{user.email}</p>
          <Link to={appRoutes.accountSettings} className={`${textLinkClass} text-sm`}>
            Account settings
          </Link>
        </div>
      </div>

      <section aria-labelledby="organizations-heading" className="space-y-4">
        <h2 id="organizations-heading" className="text-xl font-semibold">
          Your organizations
        </h2>
        <Alert>{select.isError ? select.error.message : null}</Alert>
        {organizations.isPending ? (
          <Spinner label="Loading your organizations" />
        ) : organizations.isError ? (
          <Alert>{organizations.error.message}</Alert>
        ) : organizations.data.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">
            You do not belong to an organization yet. Accept an invitation, or create your organization.
          </p>
        ) : (
          <ul className="space-y-4">
            {organizations.data.map((organization) => (
              <OrganizationCard
                key={organization.organizationId}
                appUserId={appUserId}
                organization={organization}
                profile={active.data?.profilesWithPlas.find((p) => p.id === organization.profileId)}
                switching={select.isPending && select.variables === organization.organizationId}
                onSwitch={handleSwitch}
              />
            ))}
          </ul>
        )}
      </section>

      {active.data?.profileId ? (
        <section aria-labelledby="sharing-heading" className="space-y-2">
          <h2 id="sharing-heading" className="text-xl font-semibold">
            Credentials that travel with you
          </h2>
          <p className="text-slate-700 dark:text-slate-300">
            Share a completed background check, training, verification or license with another organization
            you belong to, so it need not be done again.{' '}
            <Link to={`/profile/${active.data.profileId}/credential-sharing`} className={textLinkClass}>
              Share your credentials
            </Link>
            {children.data?.map((child) => (
              <span key={child.id}>
                {' · '}
                <Link to={`/profile/${child.id}/credential-sharing`} className={textLinkClass}>
                  Share {child.firstName}&apos;s credentials
                </Link>
              </span>
            ))}
          </p>
        </section>
      ) : null}

      {children.data && children.data.length > 0 ? (
        <section aria-labelledby="children-heading" className="space-y-2">
          <h2 id="children-heading" className="text-xl font-semibold">
            Children you look after
          </h2>
          <p className="text-slate-700 dark:text-slate-300">
            {children.data.map((child) => `${child.firstName} ${child.lastName}`).join(', ')}.{' '}
            <Link to={appRoutes.groupAccountDashboard} className={textLinkClass}>
              Edit their details
            </Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
