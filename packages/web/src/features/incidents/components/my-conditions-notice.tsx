import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { useConditions } from '../api/conditions.ts';
import { textLink } from './incident-form-parts.tsx';

/**
 * Why the member is not cleared when a condition holds them (removed from play…), under their status on the home
 * page, with the way to their conditions (hand in a clearance). Nothing when no restricting condition stands.
 */
export function MyConditionsNotice({ profileId }: { profileId: string }) {
  const conditions = useConditions(profileId);
  const reason = conditions.data?.notClearedReason;
  if (!reason) return null;
  return (
    <Alert>
      {reason}.{' '}
      <Link className={textLink} to={`/incidents/members/${profileId}`}>
        See what lifts it
      </Link>
    </Alert>
  );
}
