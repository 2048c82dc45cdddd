import { ApiError } from '../../../lib/api-error.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useReceivedCredentials } from '../api/credential-sharing.ts';
import { CredentialSummary, dayText } from './credential-summary.tsx';

/**
 * What the member's other organizations shared here, with consent (the summary only), and which of the member's
 * requirements here each one satisfies. Shown to the member, their guardian, and managers at their levels.
 */
export function ReceivedCredentialsSection({ profileId }: { profileId: string }) {
  const received = useReceivedCredentials(profileId);
  if (received.isError && received.error instanceof ApiError && received.error.status === 403) return null;
  return (
    <section aria-labelledby="received-heading" className="space-y-3">
      <h2 id="received-heading" className="text-lg font-semibold">
        Shared with this organization
      </h2>
      {received.isPending ? (
        <Spinner label="Loading shared credentials" />
      ) : received.isError ? (
        <Alert>{received.error.message}</Alert>
      ) : received.data?.items.length ? (
        <ul className="space-y-3">
          {received.data.items.map((item) => (
            <li key={item.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <p className="font-semibold">
                {item.summary.requirementName} from {item.sourceOrganizationName}
              </p>
              <p className="mb-2 text-sm text-slate-700 dark:text-slate-300">
                Received on {dayText(item.receivedAt)}
                {item.revokedAt ? ` · Sharing stopped on ${dayText(item.revokedAt)}` : null}
              </p>
              {item.revokedAt ? null : <CredentialSummary summary={item.summary} />}
              <p className="mt-2 text-sm">
                {item.revokedAt
                  ? 'No longer counts here.'
                  : item.satisfies.length
                    ? `Counts here for: ${item.satisfies.map((s) => s.name).join(', ')}.`
                    : 'Does not count toward a requirement here (not accepted, or not the same package or better).'}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Nothing has been shared with this organization.
        </p>
      )}
    </section>
  );
}
