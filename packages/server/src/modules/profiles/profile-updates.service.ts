import type { Deps, RequestContext } from '../../deps.ts';
import { and, eq } from 'drizzle-orm';
import type { AccountUser } from '@touchline/contracts/account';
import type {
  Citizenship,
  NameLastNameDobBody,
  Profile,
  SaveCitizenshipBody,
  SetDateOfBirthBody,
  UpdateProfileBody,
} from '@touchline/contracts/profiles';
import type { ActorContext } from '../../authz/actor-context.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { profiles } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';
import type { SetUssfIdBody } from '@touchline/contracts/us-soccer';
import { queueUsSoccerChecks } from '../requirements/requirements.service.ts';
import { profilePhotoUrl } from './profile-photo.ts';
import { profilePolicy } from './profiles.policy.ts';
import { presentProfile } from './profiles.presenter.ts';
import { organizationNameOf } from './profiles.queries.ts';
import { loadProfileTarget } from './profiles.service.ts';
import { assertDateOfBirthEditable } from '../verification/verification.service.ts';

/** The profile row's key in the actor's organization: every write below is tenant-scoped by it. */
const profileKey = (ctx: ActorContext, profileId: string) =>
  and(eq(profiles.organizationId, ctx.organizationId), eq(profiles.id, profileId));

/** PUT /api/app/profile/{id}: a profile's names, e-mail and date of birth, by itself, its guardian or a manager. */
export async function updateProfile(
  deps: Deps,
  ctx: RequestContext,
  input: { profileId: string; changes: UpdateProfileBody },
): Promise<Profile> {
  const { profileId, changes: body } = input;
  const updated = await deps.db.transaction(async (tx) => {
    const { target } = await loadProfileTarget(tx, ctx, profileId);
    authorize(profilePolicy.update(ctx, target));
    const [row] = await tx
      .update(profiles)
      .set({ ...body, updatedAt: new Date() })
      .where(profileKey(ctx, profileId))
      .returning();
    if (!row) throw notFound('Profile');
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.updated',
      entityType: 'profile',
      entityId: profileId,
      data: { fields: Object.keys(body) },
    });
    return row;
  });
  const organizationName = (await organizationNameOf(deps.db, ctx.organizationId)) ?? '';
  return presentProfile(updated, organizationName, await profilePhotoUrl(deps, updated));
}

/**
 * PUT /api/app/profile/name-last-name-dob and PUT /api/app/account/user: the signed-in user's names and date of
 * birth on their current profile, then the identity account's names. The rename comes after the commit: the
 * identity service is another system (and, mounted in process, the same embedded database, which a call from inside
 * the transaction would wait on). A failed rename leaves the profile saved and answers 500; saving again repairs it.
 */
export async function updateOwnNames(
  deps: Deps,
  ctx: RequestContext,
  body: NameLastNameDobBody,
): Promise<AccountUser> {
  const row = await deps.db.transaction(async (tx) => {
    await assertDateOfBirthEditable(tx, ctx.organizationId, ctx.profileId, body.dateOfBirth);
    const [updated] = await tx
      .update(profiles)
      .set({ ...body, updatedAt: new Date() })
      .where(profileKey(ctx, ctx.profileId))
      .returning();
    if (!updated) throw notFound('Profile');
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.names_updated',
      entityType: 'profile',
      entityId: ctx.profileId,
      data: { fields: Object.keys(body) },
    });
    return updated;
  });
  await deps.identityDirectory.updateUserNames(ctx.userId, {
    firstName: body.firstName,
    lastName: body.lastName,
  });
  const user = await deps.identityDirectory.findUser(ctx.userId);
  return {
    id: ctx.userId,
    firstName: body.firstName,
    lastName: body.lastName,
    email: user?.email ?? row.email ?? '',
    dateOfBirth: row.dateOfBirth,
  };
}

/**
 * POST /api/app/profile/{id}/set-date-of-birth (spec §7, the sex offender search's "set birth date"): the access
 * names which membership asks for it and must be one of the profile's own.
 */
export async function setDateOfBirth(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  input: SetDateOfBirthBody & { profileId: string },
): Promise<void> {
  const { profileId, ...body } = input;
  await deps.db.transaction(async (tx) => {
    const { target, accesses } = await loadProfileTarget(tx, ctx, profileId);
    authorize(profilePolicy.update(ctx, target));
    if (!accesses.some((a) => a.id === body.profileLevelAccessId))
      throw invalid([
        {
          field: 'profileLevelAccessId',
          in: 'body',
          message: 'This membership does not belong to the profile',
        },
      ]);
    await assertDateOfBirthEditable(tx, ctx.organizationId, profileId, body.dateOfBirth);
    await tx
      .update(profiles)
      .set({ dateOfBirth: body.dateOfBirth, updatedAt: new Date() })
      .where(profileKey(ctx, profileId));
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.date_of_birth_set',
      entityType: 'profile',
      entityId: profileId,
      data: { profileLevelAccessId: body.profileLevelAccessId },
    });
  });
}

/**
 * POST /api/app/profile/{id}/set-ussf-id (spec §7, US Soccer's "set US soccer id"): stores the id on the profile
 * and queues a license lookup of each of its US Soccer requirements in the same transaction (ADR 032). The access
 * must be one of the profile's own.
 */
export async function setUssfId(
  deps: Pick<Deps, 'db' | 'jobs'>,
  ctx: RequestContext,
  input: SetUssfIdBody & { profileId: string },
): Promise<void> {
  const { profileId, ...body } = input;
  await deps.db.transaction(async (tx) => {
    const { target, accesses } = await loadProfileTarget(tx, ctx, profileId);
    authorize(profilePolicy.update(ctx, target));
    if (!accesses.some((a) => a.id === body.profileLevelAccessId))
      throw invalid([
        {
          field: 'profileLevelAccessId',
          in: 'body',
          message: 'This membership does not belong to the profile',
        },
      ]);
    await tx
      .update(profiles)
      .set({ ussfId: body.ussfId, updatedAt: new Date() })
      .where(profileKey(ctx, profileId));
    const queued = await queueUsSoccerChecks(deps, tx, {
      organizationId: ctx.organizationId,
      profileId,
      key: ctx.requestId,
    });
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.ussf_id_set',
      entityType: 'profile',
      entityId: profileId,
      data: { profileLevelAccessId: body.profileLevelAccessId, lookupsQueued: queued },
    });
  });
}

/** POST /api/app/profile/save-citizenship-data: stores the citizenship answers on the profile (profiles.citizenship). */
export async function saveCitizenship(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  body: SaveCitizenshipBody,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { target } = await loadProfileTarget(tx, ctx, body.profileId);
    authorize(profilePolicy.update(ctx, target));
    const citizenship: Citizenship = {
      countryCode: body.countryCode,
      isCitizen: body.isCitizen,
      ...(body.documentType ? { documentType: body.documentType } : {}),
      savedAt: new Date().toISOString(),
    };
    await tx
      .update(profiles)
      .set({ citizenship, updatedAt: new Date() })
      .where(profileKey(ctx, body.profileId));
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'profile.citizenship_saved',
      entityType: 'profile',
      entityId: body.profileId,
      data: { countryCode: body.countryCode },
    });
  });
}
