import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { missingPolicies } from '@touchline/contracts/policies';
import { isSessionLoggedIn, useSession } from '../../../lib/session.ts';
import { PolicyRefreshFailedError, useAcknowledgePolicies } from '../api/accept-policy.ts';

// Most sessions never need the modal, so its dialog code loads only when it is shown.
const UpdatedPoliciesModal = lazy(() =>
  import('./updated-policies-modal.tsx').then((module) => ({ default: module.UpdatedPoliciesModal })),
);

/**
 * Shows the Updated Policies modal to a logged-in user whose token lacks an acceptance claim (§2). Acknowledging
 * accepts each missing policy and refreshes the token; when that refresh fails the user goes to /logout (§8).
 */
export function UpdatedPoliciesGate() {
  const current = useSession();
  const acknowledge = useAcknowledgePolicies();
  const navigate = useNavigate();
  if (!isSessionLoggedIn(current)) return null;
  const missing = missingPolicies(current.claims);
  if (missing.length === 0) return null;

  const handleAcknowledge = () =>
    acknowledge.mutate(missing, {
      onError: (error) => {
        if (error instanceof PolicyRefreshFailedError) void navigate('/logout');
      },
    });
  const failed = acknowledge.isError && !(acknowledge.error instanceof PolicyRefreshFailedError);
  return (
    <Suspense fallback={null}>
      <UpdatedPoliciesModal
        missing={missing}
        onAcknowledge={handleAcknowledge}
        pending={acknowledge.isPending}
        error={failed ? `We could not save your acknowledgement: ${acknowledge.error.message}` : null}
      />
    </Suspense>
  );
}
