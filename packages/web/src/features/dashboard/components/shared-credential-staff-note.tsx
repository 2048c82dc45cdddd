import type { DashboardMember } from '@touchline/contracts/dashboard';

type SharedCredential = NonNullable<DashboardMember['requirements'][number]['sharedCredential']>;

/** A calendar day as "Nov 9, 2026" (read as UTC, so no time zone moves it a day). */
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00.000Z`));

/**
 * Says, in the member drawer, that a requirement is met by a credential the member shared from another organization
 * (ADR 049), and what staff can do about it: nothing here (it is not reopened or completed by hand); the member can
 * stop sharing it, and whether it still holds is the source organization's own review to decide.
 */
export function SharedCredentialStaffNote({ shared }: { shared: SharedCredential }) {
  const source = shared.sourceOrganizationName;
  return (
    <div className="space-y-1 rounded-md border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-200">
      <p>
        Met by a credential the member shared from {source}, completed {formatDay(shared.completedOn)}.
      </p>
      <p>
        It cannot be reopened or completed here. The member can stop sharing it; whether it still holds is{' '}
        {source}’s own review to decide, and a renewal there carries over here.
      </p>
    </div>
  );
}
