import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import {
  credentialAcceptancePolicies,
  receivedCredentials,
  requirementDefinitions,
} from '../db/schema/index.ts';
import {
  acceptedCompletion,
  stringsOf,
  type AcceptingDefinition,
  type ReceivedCredentialInput,
  type SharedCompletion,
} from './engine/shared-credential.ts';
import { inIds } from './requirements-engine.queries.ts';

/** The key of a profile's requirement of one definition in {@link sharedCompletions}. */
export const sharedKey = (profileId: string, definitionId: string) => `${profileId}:${definitionId}`;

/**
 * The completion shared credentials give the requirements of some profiles (ADR 049), keyed by {@link sharedKey}:
 * one statement per chunk — every live received credential of these profiles joined to each definition of its type
 * that accepts shared credentials — then the pure acceptance rule. Profiles without any add nothing.
 */
export async function sharedCompletions(
  tx: Executor,
  organizationId: string,
  profileIds: readonly string[],
): Promise<Map<string, SharedCompletion>> {
  const out = new Map<string, SharedCompletion>();
  if (profileIds.length === 0) return out;
  const rows = await tx
    .select({
      profileId: receivedCredentials.profileId,
      requirementType: receivedCredentials.requirementType,
      completedOn: receivedCredentials.completedOn,
      validUntil: receivedCredentials.validUntil,
      summary: receivedCredentials.summary,
      sourceOrganizationName: receivedCredentials.sourceOrganizationName,
      definitionId: requirementDefinitions.id,
      type: requirementDefinitions.type,
      content: requirementDefinitions.content,
      validityMode: requirementDefinitions.validityMode,
      validityDays: requirementDefinitions.validityDays,
      annualRenewalDate: requirementDefinitions.annualRenewalDate,
      maxAgeDays: credentialAcceptancePolicies.maxAgeDays,
    })
    .from(receivedCredentials)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.organizationId, organizationId),
        eq(requirementDefinitions.type, receivedCredentials.requirementType),
      ),
    )
    .innerJoin(
      credentialAcceptancePolicies,
      and(
        eq(credentialAcceptancePolicies.organizationId, organizationId),
        eq(credentialAcceptancePolicies.definitionId, requirementDefinitions.id),
        eq(credentialAcceptancePolicies.acceptsShared, true),
      ),
    )
    .where(
      and(
        eq(receivedCredentials.organizationId, organizationId),
        isNull(receivedCredentials.revokedAt),
        inIds(receivedCredentials.profileId, profileIds),
      ),
    );
  const grouped = new Map<
    string,
    { definition: AcceptingDefinition; credentials: ReceivedCredentialInput[] }
  >();
  for (const row of rows) {
    const key = sharedKey(row.profileId, row.definitionId);
    const entry = grouped.get(key) ?? {
      definition: {
        type: row.type,
        content: row.content,
        validityMode: row.validityMode,
        validityDays: row.validityDays,
        annualRenewalDate: row.annualRenewalDate,
        maxAgeDays: row.maxAgeDays,
      },
      credentials: [],
    };
    entry.credentials.push({
      requirementType: row.requirementType,
      completedOn: row.completedOn,
      validUntil: row.validUntil,
      sourceOrganizationName: row.sourceOrganizationName,
      summary: {
        vendor: typeof row.summary['vendor'] === 'string' ? row.summary['vendor'] : null,
        packageCode: typeof row.summary['packageCode'] === 'string' ? row.summary['packageCode'] : null,
        searches: stringsOf(row.summary['searches']),
      },
    });
    grouped.set(key, entry);
  }
  for (const [key, { definition, credentials }] of grouped) {
    const completion = acceptedCompletion(definition, credentials);
    if (completion) out.set(key, completion);
  }
  return out;
}
