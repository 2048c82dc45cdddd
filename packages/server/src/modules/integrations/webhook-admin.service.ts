import { eq } from 'drizzle-orm';
import type { IntegrationProvider } from '@touchline/contracts/platform-integrations';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Deps } from '../../deps.ts';
import { webhookEvents } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { assertPlatformAdmin, platformAuditActor, type PlatformContext } from './platform-admin.ts';

/** Vendors' names as people write them; a provider not listed shows its key. */
const providerLabels: Record<string, string> = { yardstik: 'Yardstik', stripe: 'Stripe' };

/**
 * The webhook providers of this deployment for the administrator's filter, each said to be a sandbox when it is
 * one of ours (ADR 027: sandboxes are named as such wherever a person sees them).
 */
export function listIntegrationProviders(
  deps: Pick<Deps, 'integrations'>,
  ctx: PlatformContext,
): { items: IntegrationProvider[] } {
  assertPlatformAdmin(ctx, 'see the integrations');
  return {
    items: deps.integrations.webhookSources.map((s) => ({
      provider: s.provider,
      label: providerLabels[s.provider] ?? s.provider,
      sandbox: s.sandbox === true,
    })),
  };
}

/**
 * One received webhook's exact body, for a platform administrator tracing a vendor's delivery. Bodies may hold
 * personal data, so the list never carries them: each is read on request, one at a time, and the read is audited.
 */
export async function getWebhookEventBody(
  deps: Pick<Deps, 'db'>,
  ctx: PlatformContext,
  { id }: { id: string },
): Promise<{ id: string; rawBody: string }> {
  assertPlatformAdmin(ctx, 'read webhook bodies');
  return deps.db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: webhookEvents.id, rawBody: webhookEvents.rawBody, provider: webhookEvents.provider })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, id));
    if (!event) throw notFound('Webhook event');
    await recordAuditEvent(tx, platformAuditActor(ctx), {
      organizationId: null,
      action: 'webhook_event.body_viewed',
      entityType: 'webhook_event',
      entityId: id,
      data: { provider: event.provider },
    });
    return { id: event.id, rawBody: event.rawBody };
  });
}
