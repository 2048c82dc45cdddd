import { eq } from 'drizzle-orm';
import type { BackgroundCheckSettings } from '@touchline/contracts/background-checks';
import type { RequestContext } from '../../deps.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import { organizations } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { requireOrganizationAdmin, type SetupDeps } from './background-check-setup.service.ts';
import { backgroundCheckSettingsOf } from './background-checks.service.ts';

type Ctx = RequestContext;

/** GET {id}/background-check-settings (ours): administrators of the organization (another one: 404). */
export async function getBackgroundCheckSettings(
  deps: SetupDeps,
  ctx: Ctx,
  input: { organizationId: string },
): Promise<BackgroundCheckSettings> {
  await requireOrganizationAdmin(deps, ctx, input.organizationId);
  const settings = await backgroundCheckSettingsOf(deps.db, input.organizationId);
  if (!settings) throw notFound('Organization');
  return settings;
}

/**
 * PUT {id}/background-check-settings (ours): an administrator turns the organization's notice to members on or off
 * (with its text) and says whether flagged checks are reviewed outside Touchline. Audited with what changed.
 */
export async function updateBackgroundCheckSettings(
  deps: SetupDeps,
  ctx: Ctx,
  input: { organizationId: string; body: BackgroundCheckSettings },
): Promise<BackgroundCheckSettings> {
  await requireOrganizationAdmin(deps, ctx, input.organizationId);
  const { body, organizationId } = input;
  return deps.db.transaction(async (tx) => {
    await tx
      .update(organizations)
      .set({
        showCustomerConfiguredBackgroundCheckNotice: body.showCustomerConfiguredBackgroundCheckNotice,
        backgroundCheckNotice: body.backgroundCheckNotice === '' ? null : body.backgroundCheckNotice,
        reviewBackgroundChecksExternally: body.reviewBackgroundChecksExternally,
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, organizationId));
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId ?? null },
      {
        organizationId,
        action: 'organization.background_check_settings_updated',
        entityType: 'organization',
        entityId: organizationId,
        data: {
          showCustomerConfiguredBackgroundCheckNotice: body.showCustomerConfiguredBackgroundCheckNotice,
          reviewBackgroundChecksExternally: body.reviewBackgroundChecksExternally,
        },
      },
    );
    const settings = await backgroundCheckSettingsOf(tx, organizationId);
    if (!settings) throw notFound('Organization');
    return settings;
  });
}
