import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  isShareableType,
  sharedCredentialSummarySchema,
  type CredentialAcceptance,
  type CredentialAcceptanceBody,
  type ReceivedCredentials,
} from '@touchline/contracts/credential-sharing';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { authorize, holdsAnywhere, holdsAt } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import {
  credentialAcceptancePolicies,
  receivedCredentials,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import type { Deps, RequestContext } from '../../deps.ts';
import { invalid, notFound } from '../../errors.ts';
import { dayOf } from '../../requirement-core/engine/calendar.ts';
import { acceptedCompletion } from '../../requirement-core/engine/shared-credential.ts';
import { rederive } from '../../requirement-core/requirements-engine.service.ts';
import {
  accessPathsOf,
  activeDefinitionsOf,
  loadProfile,
  receivedOf,
  rootLevelPath,
} from './credential-sharing.queries.ts';

type AcceptanceDeps = Pick<Deps, 'db'>;

/** What "the same package or better" means per type, in words for the setting (ADR 049). */
const criteria: Record<number, string> = {
  [RequirementType.BackgroundCheck]:
    'A clear background check of the same vendor, of the package this requirement orders or of one whose searches ' +
    'include all of its package’s (any, when it names no package).',
  [RequirementType.AbusePreventionTraining]:
    'A completed training of the same course as this requirement (any course, when it names none).',
  [RequirementType.AgeVerification]:
    'A verification proving at least what this requirement asks (Age & Grade covers Age and Grade).',
  [RequirementType.IdentityVerification]: 'A cleared identity verification.',
  [RequirementType.USSoccer]:
    'A US Soccer license of the same discipline, at the grade this requirement asks or higher.',
};

async function loadDefinition(db: Executor, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: requirementDefinitions.id, type: requirementDefinitions.type })
    .from(requirementDefinitions)
    .where(
      and(
        eq(requirementDefinitions.id, id),
        eq(requirementDefinitions.organizationId, organizationId),
        isNull(requirementDefinitions.deletedAt),
      ),
    );
  if (!row) throw notFound('Requirement definition');
  return row;
}

async function readPolicy(db: Executor, organizationId: string, definitionId: string) {
  const [row] = await db
    .select()
    .from(credentialAcceptancePolicies)
    .where(
      and(
        eq(credentialAcceptancePolicies.organizationId, organizationId),
        eq(credentialAcceptancePolicies.definitionId, definitionId),
      ),
    );
  return row;
}

const present = (
  definition: { id: string; type: number },
  policy: { acceptsShared: boolean; maxAgeDays: number | null } | undefined,
): CredentialAcceptance => ({
  definitionId: definition.id,
  requirementType: definition.type,
  shareable: isShareableType(definition.type),
  acceptsShared: policy?.acceptsShared ?? false,
  maxAgeDays: policy?.maxAgeDays ?? null,
  criterion: criteria[definition.type] ?? 'Shared credentials cannot stand for this type of requirement.',
});

/** GET /api/app/content/{id}/credential-acceptance: whether a definition accepts shared credentials (content readers). */
export async function getCredentialAcceptance(
  deps: AcceptanceDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<CredentialAcceptance> {
  const definition = await loadDefinition(deps.db, ctx.organizationId, id);
  authorize(holdsAnywhere(ctx, 'adminLevel'), 'Only an Admin can see the content library');
  return present(definition, await readPolicy(deps.db, ctx.organizationId, definition.id));
}

/**
 * PUT /api/app/content/{id}/credential-acceptance: an admin at the top level decides whether the definition accepts
 * shared credentials and how old they may be; audited; the statuses of members holding shared credentials of its
 * type are re-derived at once (set-based, a thousand profiles per round).
 */
export async function setCredentialAcceptance(
  deps: AcceptanceDeps,
  ctx: RequestContext,
  { id, ...body }: CredentialAcceptanceBody & { id: string },
): Promise<CredentialAcceptance> {
  return deps.db.transaction(async (tx) => {
    const definition = await loadDefinition(tx, ctx.organizationId, id);
    const root = await rootLevelPath(tx, ctx.organizationId);
    authorize(
      root !== undefined && holdsAt(ctx, 'adminLevel', root),
      'Only an Admin can change the content library',
    );
    if (!isShareableType(definition.type) && body.acceptsShared)
      throw invalid([
        { field: 'acceptsShared', message: 'Shared credentials cannot stand for this type of requirement' },
      ]);
    const values = {
      acceptsShared: body.acceptsShared,
      maxAgeDays: body.maxAgeDays,
      updatedByUserId: ctx.userId,
    };
    const [policy] = await tx
      .insert(credentialAcceptancePolicies)
      .values({ organizationId: ctx.organizationId, definitionId: definition.id, ...values })
      .onConflictDoUpdate({
        target: [credentialAcceptancePolicies.organizationId, credentialAcceptancePolicies.definitionId],
        set: { ...values, updatedAt: new Date() },
      })
      .returning();
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'credential_acceptance.set',
      entityType: 'requirement_definition',
      entityId: definition.id,
      data: { acceptsShared: body.acceptsShared, maxAgeDays: body.maxAgeDays },
    });
    const holders = await tx
      .selectDistinct({ profileId: receivedCredentials.profileId })
      .from(receivedCredentials)
      .where(
        and(
          eq(receivedCredentials.organizationId, ctx.organizationId),
          eq(receivedCredentials.requirementType, definition.type),
          isNull(receivedCredentials.revokedAt),
        ),
      );
    const ids = holders.map((h) => h.profileId).sort();
    const now = new Date();
    for (let i = 0; i < ids.length; i += 1000)
      await rederive(tx, ctx.organizationId, ids.slice(i, i + 1000), {
        today: dayOf(now),
        now,
        reason: 'credential-acceptance',
      });
    return present(definition, policy);
  });
}

/**
 * GET /api/app/profile/{id}/received-credentials: what other organizations shared of this member, with consent —
 * the summary only — and which of the member's requirements here each satisfies today. The member, their guardian,
 * or a manager at one of the member's levels (403 otherwise, 404 for another organization's profile).
 */
export async function listReceivedCredentials(
  deps: AcceptanceDeps,
  ctx: RequestContext,
  { id }: { id: string },
): Promise<ReceivedCredentials> {
  const profile = await loadProfile(deps.db, ctx.organizationId, id);
  if (!profile) throw notFound('Profile');
  const own = profile.id === ctx.profileId || profile.guardianProfileId === ctx.profileId;
  const paths = own ? [] : await accessPathsOf(deps.db, ctx.organizationId, profile.id);
  authorize(
    own || paths.some((p) => holdsAt(ctx, 'managerLevelOrHigher', p)),
    'You do not have access to this member',
  );
  const rows = await receivedOf(deps.db, ctx.organizationId, profile.id);
  const definitions = await activeDefinitionsOf(deps.db, ctx.organizationId, profile.id);
  const policies = definitions.length
    ? await deps.db
        .select()
        .from(credentialAcceptancePolicies)
        .innerJoin(
          requirementDefinitions,
          eq(requirementDefinitions.id, credentialAcceptancePolicies.definitionId),
        )
        .where(
          and(
            eq(credentialAcceptancePolicies.organizationId, ctx.organizationId),
            eq(credentialAcceptancePolicies.acceptsShared, true),
            inArray(
              credentialAcceptancePolicies.definitionId,
              definitions.map((d) => d.id),
            ),
          ),
        )
    : [];
  const today = dayOf(new Date());
  return {
    items: rows.map((row) => {
      const summary = sharedCredentialSummarySchema.parse(row.summary);
      const input = {
        requirementType: row.requirementType,
        completedOn: row.completedOn,
        validUntil: row.validUntil,
        summary,
      };
      const satisfies =
        row.revokedAt !== null
          ? []
          : policies
              .filter(({ requirement_definitions: d, credential_acceptance_policies: p }) => {
                const completion = acceptedCompletion({ ...d, maxAgeDays: p.maxAgeDays }, [input]);
                return completion !== null && (completion.expiresAt === null || completion.expiresAt > today);
              })
              .map(({ requirement_definitions: d }) => ({ definitionId: d.id, name: d.name }));
      return {
        id: row.id,
        profileId: row.profileId,
        sourceOrganizationName: row.sourceOrganizationName,
        summary,
        receivedAt: row.createdAt.toISOString(),
        revokedAt: row.revokedAt?.toISOString() ?? null,
        satisfies,
      };
    }),
  };
}
