import { eq } from 'drizzle-orm';
import type { BackgroundCheckSettings } from '@touchline/contracts/background-checks';
import { ActivationStatus } from '@touchline/contracts/profiles';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isClientGrantedTo } from '../../integrations/screening/order-targets.ts';
import { organizations, yardstikOnboardings } from '../../db/schema/index.ts';

// What other modules may ask of the background-check setup (the lint rule lets them read this file only).

/** The organization's Yardstik activation as stored (NotStarted without a row): the active profile reads this. */
export async function yardstikActivationOf(db: Executor, organizationId: string): Promise<ActivationStatus> {
  const [row] = await db
    .select({ status: yardstikOnboardings.status })
    .from(yardstikOnboardings)
    .where(eq(yardstikOnboardings.organizationId, organizationId));
  return (row?.status as ActivationStatus | undefined) ?? ActivationStatus.NotStarted;
}

const columns = {
  showCustomerConfiguredBackgroundCheckNotice: organizations.showCustomerConfiguredBackgroundCheckNotice,
  backgroundCheckNotice: organizations.backgroundCheckNotice,
  reviewBackgroundChecksExternally: organizations.reviewBackgroundChecksExternally,
};

/** The organization's background-check settings as stored (the notice text '' when none was written). */
export async function backgroundCheckSettingsOf(
  db: Executor,
  organizationId: string,
): Promise<BackgroundCheckSettings | undefined> {
  const [row] = await db.select(columns).from(organizations).where(eq(organizations.id, organizationId));
  return row ? { ...row, backgroundCheckNotice: row.backgroundCheckNotice ?? '' } : undefined;
}

/** The notice members are shown before ordering a background check: the text when the flag is on, else null. */
export async function organizationBackgroundCheckNotice(
  db: Executor,
  organizationId: string,
): Promise<string | null> {
  const settings = await backgroundCheckSettingsOf(db, organizationId);
  return settings?.showCustomerConfiguredBackgroundCheckNotice && settings.backgroundCheckNotice
    ? settings.backgroundCheckNotice
    : null;
}

/** Whether the organization decides flagged background checks in the vendor's dashboard (orgData flag). */
export async function reviewsBackgroundChecksExternally(
  db: Executor,
  organizationId: string,
): Promise<boolean> {
  return (await backgroundCheckSettingsOf(db, organizationId))?.reviewBackgroundChecksExternally ?? false;
}

/**
 * A background-check definition may name a TazWorks client only if it is granted to the organization (issue 34):
 * another organization's client, or one nobody granted, is not found (404), never saved.
 */
export async function requireOwnBackgroundCheckClient(
  db: Executor,
  organizationId: string,
  content: Record<string, unknown>,
): Promise<void> {
  if (content.vendor !== 'TazWorks' || typeof content.clientId !== 'string') return;
  if (!(await isClientGrantedTo(db, organizationId, 'tazworks', content.clientId)))
    throw notFound('Background check client');
}
