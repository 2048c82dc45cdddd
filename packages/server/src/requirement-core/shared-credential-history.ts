import { and, eq } from 'drizzle-orm';
import { recordAuditEvent } from '../db/audit.ts';
import type { Executor } from '../db/client.ts';
import {
  memberRequirements,
  organizations,
  requirementDefinitions,
  requirementEvents,
} from '../db/schema/index.ts';

// What a share's change at its source (a lapse, a renewal; ADR 049) writes on both sides: the sharing organization's
// audit and requirement event, the receiving organization's audit and an event on each of the member's active
// requirements of that type there, and the receiving profile to re-derive.

/** The sharing organization's name, as the receiving side's history names it. */
export async function sourceOrganizationName(tx: Executor, organizationId: string): Promise<string> {
  const [source] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return source?.name ?? '';
}

export type ShareChange = {
  organizationId: string;
  shareId: string;
  memberRequirementId: string;
  requirementType: number;
  targetOrganizationId: string;
  targetProfileId: string;
  /** The receiving organization's copy, when one was still live. */
  receivedId: string | null;
  /** The sharing side: its audit action, its requirement event and their data. */
  source: { audit: string; event: string; data: Record<string, unknown> };
  /** The receiving side: its audit action, its requirement events and their data. */
  receiver: { audit: string; event: string; data: Record<string, unknown> };
};

/** Writes both histories of one change and adds the receiving profile to `receivers` (per organization). */
export async function recordShareChange(
  tx: Executor,
  change: ShareChange,
  receivers: Map<string, string[]>,
): Promise<void> {
  await recordAuditEvent(
    tx,
    { userId: null },
    {
      organizationId: change.organizationId,
      action: change.source.audit,
      entityType: 'credential_share',
      entityId: change.shareId,
      data: change.source.data,
    },
  );
  await recordAuditEvent(
    tx,
    { userId: null },
    {
      organizationId: change.targetOrganizationId,
      action: change.receiver.audit,
      entityType: 'received_credential',
      entityId: change.receivedId,
      data: change.receiver.data,
    },
  );
  await tx.insert(requirementEvents).values({
    organizationId: change.organizationId,
    memberRequirementId: change.memberRequirementId,
    action: change.source.event,
    data: change.source.data,
  });
  const targets = await tx
    .select({ id: memberRequirements.id })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.type, change.requirementType),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, change.targetOrganizationId),
        eq(memberRequirements.profileId, change.targetProfileId),
        eq(memberRequirements.active, true),
      ),
    );
  if (targets.length > 0)
    await tx.insert(requirementEvents).values(
      targets.map((t) => ({
        organizationId: change.targetOrganizationId,
        memberRequirementId: t.id,
        action: change.receiver.event,
        data: change.receiver.data,
      })),
    );
  const list = receivers.get(change.targetOrganizationId) ?? [];
  if (!list.includes(change.targetProfileId)) list.push(change.targetProfileId);
  receivers.set(change.targetOrganizationId, list);
}
