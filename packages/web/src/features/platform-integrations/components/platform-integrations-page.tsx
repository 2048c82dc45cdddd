import { isPlatformAdmin } from '@touchline/contracts/roles';
import { Alert } from '../../../components/ui/alert.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { rolesOfClaims, useSession } from '../../../lib/session.ts';
import { useProviders } from '../api/get-providers.ts';
import { DeadLettersPanel } from './dead-letters-panel.tsx';
import { WebhookEventsPanel } from './webhook-events-panel.tsx';

/**
 * /platform/integrations: the platform administrator's view of the integrations (issue 17): the webhooks vendors
 * delivered and the jobs that gave up. Anyone else is told the page is not theirs (the server refuses them too).
 */
export function PlatformIntegrationsPage() {
  const current = useSession();
  const allowed = isPlatformAdmin(rolesOfClaims(current.claims));
  const providers = useProviders(allowed);
  useDocumentTitle('Integrations');
  const sandboxes = (providers.data ?? []).filter((p) => p.sandbox);

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Integrations</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Webhooks received from vendors and background jobs that used up their retries, for the whole
          platform.
        </p>
      </div>
      {!allowed ? (
        <Alert>Only platform administrators see the integrations.</Alert>
      ) : (
        <>
          {sandboxes.length > 0 ? (
            <Alert tone="info">{sandboxNotice(sandboxes.map((p) => p.label))}</Alert>
          ) : null}
          <Tabs
            label="Integrations"
            items={[
              {
                id: 'webhooks',
                label: 'Webhook events',
                panel: <WebhookEventsPanel providers={providers.data ?? []} />,
              },
              { id: 'dead-letters', label: 'Dead letters', panel: <DeadLettersPanel /> },
            ]}
          />
        </>
      )}
    </div>
  );
}

/** Says which providers are our sandboxes, not the vendors, in a sentence that reads right for one or several. */
function sandboxNotice(labels: readonly string[]): string {
  if (labels.length === 1)
    return `${labels[0]} is our sandbox here, not the vendor: its events are for development and demos.`;
  const names = `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `${names} are our sandboxes here, not the vendors: their events are for development and demos.`;
}
