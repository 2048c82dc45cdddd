import { and, asc, eq, isNull } from 'drizzle-orm';
import { isShareableType } from '@touchline/contracts/credential-sharing';
import type { RequirementAction } from '@touchline/contracts/requirement-actions';
import type { RequirementFile } from '@touchline/contracts/requirement-completion';
import type { RequirementType } from '@touchline/contracts/requirement-types';
import type { ActorContext } from '../authz/actor-context.ts';
import { authorize } from '../authz/rules.ts';
import type { AuditActor } from '../db/audit.ts';
import type { Executor } from '../db/client.ts';
import {
  hierarchyLevels,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
  requirementFiles,
  storedFiles,
} from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { dayOf } from './engine/calendar.ts';
import { mayTakeAction, type RequirementTarget } from './requirement-actions.policy.ts';
import { sharedStandings, type SharedStanding } from './shared-standing.ts';

/** A member requirement row. */
export type MemberRequirementRow = typeof memberRequirements.$inferSelect;
/** A requirement definition row. */
export type DefinitionRow = typeof requirementDefinitions.$inferSelect;

/**
 * One member's requirement with what the rules and the actions read: the member, the level, the definition, and
 * the actor it was authorized for (who every event and audit row of a change names).
 */
export type LoadedRequirement = {
  target: RequirementTarget;
  requirement: MemberRequirementRow;
  definition: DefinitionRow;
  member: { firstName: string; lastName: string };
  actor: AuditActor;
  /**
   * Set when a credential the member shared from another organization meets it and their own facts do not (ADR 049):
   * loaded for an actor's call on a shareable type, so no one redoes or reopens what the engine counts as met.
   */
  sharedStanding?: SharedStanding | null;
};

/** Which member (a profile-level access) and which definition a call means. */
export type RequirementRef = { definitionId: string; plaId: string };

/** The live access of the caller's organization, with its profile and level; undefined when not found. */
export async function loadMemberAccess(db: Executor, organizationId: string, plaId: string) {
  const [row] = await db
    .select({
      profileId: profiles.id,
      guardianProfileId: profiles.guardianProfileId,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      levelPath: hierarchyLevels.path,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, and(eq(profiles.id, profileLevelAccesses.profileId), isNull(profiles.deletedAt)))
    .innerJoin(
      hierarchyLevels,
      and(eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId), isNull(hierarchyLevels.deletedAt)),
    )
    .where(
      and(
        eq(profileLevelAccesses.id, plaId),
        eq(profileLevelAccesses.organizationId, organizationId),
        eq(profiles.organizationId, organizationId),
        isNull(profileLevelAccesses.deletedAt),
      ),
    );
  return row;
}

/**
 * Loads one member's active requirement in the actor's organization (another organization's reads as not found,
 * ADR 007) and authorizes `action` on it (403). With `lock` the requirement row is locked for the transaction.
 * The context's request id (a use case's `ctx`, ADR 028) goes into every event and audit row the change writes.
 */
export async function loadRequirement(
  db: Executor,
  ctx: ActorContext & { requestId?: string },
  ref: RequirementRef,
  action: RequirementAction,
  opts: { lock?: boolean } = {},
): Promise<LoadedRequirement> {
  const access = await loadMemberAccess(db, ctx.organizationId, ref.plaId);
  if (!access) throw notFound('Member');
  const query = db
    .select({ requirement: memberRequirements, definition: requirementDefinitions })
    .from(memberRequirements)
    .innerJoin(
      requirementDefinitions,
      and(
        eq(requirementDefinitions.id, memberRequirements.definitionId),
        eq(requirementDefinitions.organizationId, ctx.organizationId),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .where(
      and(
        eq(memberRequirements.organizationId, ctx.organizationId),
        eq(memberRequirements.profileId, access.profileId),
        eq(memberRequirements.definitionId, ref.definitionId),
        eq(memberRequirements.active, true),
      ),
    );
  const [row] = opts.lock ? await query.for('update', { of: memberRequirements }) : await query;
  if (!row) throw notFound('Requirement');
  const target: RequirementTarget = {
    profileId: access.profileId,
    guardianProfileId: access.guardianProfileId,
    levelPath: access.levelPath,
    type: row.definition.type as RequirementType,
  };
  authorize(mayTakeAction(ctx, target, action));
  const shared = isShareableType(target.type)
    ? await sharedStandings(db, ctx.organizationId, [access.profileId], dayOf(new Date()))
    : null;
  return {
    target,
    ...row,
    member: { firstName: access.firstName, lastName: access.lastName },
    actor: { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId ?? null },
    sharedStanding: shared?.get(row.requirement.id) ?? null,
  };
}

/**
 * One member requirement with its definition, locked for the transaction, as a job or a vendor's result loads it:
 * the system acts (no actor), and the member's names and level are not needed by what it writes. Null when gone.
 */
export async function lockRequirementForSystem(
  tx: Executor,
  organizationId: string,
  memberRequirementId: string,
): Promise<LoadedRequirement | null> {
  const [row] = await tx
    .select({ requirement: memberRequirements, definition: requirementDefinitions })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(
      and(
        eq(memberRequirements.organizationId, organizationId),
        eq(memberRequirements.id, memberRequirementId),
      ),
    )
    .for('update', { of: memberRequirements });
  if (!row) return null;
  return {
    target: {
      profileId: row.requirement.profileId,
      guardianProfileId: null,
      levelPath: '',
      type: row.definition.type as RequirementType,
    },
    requirement: row.requirement,
    definition: row.definition,
    member: { firstName: '', lastName: '' },
    actor: { userId: null, profileId: null, requestId: null },
  };
}

/** A requirement file row joined to its stored file. */
export type RequirementFileRow = {
  id: string;
  role: string;
  storedFileId: string;
  organizationId: string;
  storageKey: string;
  originalName: string;
  contentType: string;
  byteSize: number;
  createdAt: Date;
};

/** The live files of one member requirement, oldest first. */
export function liveRequirementFiles(
  db: Executor,
  organizationId: string,
  memberRequirementId: string,
): Promise<RequirementFileRow[]> {
  return db
    .select({
      id: requirementFiles.id,
      role: requirementFiles.role,
      storedFileId: storedFiles.id,
      organizationId: storedFiles.organizationId,
      storageKey: storedFiles.storageKey,
      originalName: storedFiles.originalName,
      contentType: storedFiles.contentType,
      byteSize: storedFiles.byteSize,
      createdAt: requirementFiles.createdAt,
    })
    .from(requirementFiles)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.id, requirementFiles.storedFileId), isNull(storedFiles.deletedAt)),
    )
    .where(
      and(
        eq(requirementFiles.organizationId, organizationId),
        eq(requirementFiles.memberRequirementId, memberRequirementId),
        isNull(requirementFiles.deletedAt),
      ),
    )
    .orderBy(asc(requirementFiles.createdAt), asc(requirementFiles.id));
}

/** A requirement file as the API shows it. */
export function presentRequirementFile(row: RequirementFileRow): RequirementFile {
  return {
    id: row.id,
    role: row.role,
    name: row.originalName,
    contentType: row.contentType,
    byteSize: row.byteSize,
    uploadedAt: row.createdAt.toISOString(),
  };
}
