import { and, eq, isNull, lte } from 'drizzle-orm';
import { pastDueGraceDays } from '@touchline/contracts/billing';
import type { Executor } from '../../db/client.ts';
import { billingAccounts, billingInformation, organizations } from '../../db/schema/index.ts';
import type { JobDeps } from '../../jobs/job-deps.ts';
import { escapeHtml } from '../../mail/html.ts';
import { queueMail } from '../../mail/outbox.ts';

// Dunning (ADR 031): where an organization's billing mail goes, the e-mail when it goes past due, and the reminder
// before its grace period ends.

/** Where an organization's billing mail goes: its billing information's address, else the wizard's billing e-mail. */
export async function billingEmailOf(db: Executor, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({
      info: billingInformation.billingEmail,
      wizard: organizations.billingEmail,
      name: organizations.name,
    })
    .from(organizations)
    .leftJoin(billingInformation, eq(billingInformation.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return row?.info ?? row?.wizard ?? null;
}

/** The first dunning e-mail, queued when the organization goes past due. */
export function dunningMail(to: string, appUrl: string) {
  const link = `${appUrl}/account/billing/payment`;
  const text = `We could not collect your Touchline subscription payment. Please update your card within ${pastDueGraceDays} days to keep your subscription: ${link}\n\nYour members can keep completing their requirements in the meantime.`;
  return {
    to,
    subject: 'Your Touchline payment did not go through',
    text,
    html: `<p>We could not collect your Touchline subscription payment. Please <a href="${escapeHtml(link)}">update your card</a> within ${pastDueGraceDays} days to keep your subscription.</p><p>Your members can keep completing their requirements in the meantime.</p>`,
  };
}

const reminderDaysBeforeGraceEnds = 3;

/**
 * The second dunning e-mail: once per past-due spell, when the grace period has three days or fewer left, the
 * billing address is reminded (the row is marked in the same transaction as the outbox entry, so never twice).
 */
export async function remindGraceEnding(
  deps: Pick<JobDeps, 'db' | 'jobs' | 'appUrl'>,
  now = new Date(),
): Promise<number> {
  const due = new Date(now.getTime() - (pastDueGraceDays - reminderDaysBeforeGraceEnds) * 86_400_000);
  const rows = await deps.db
    .select({ organizationId: billingAccounts.organizationId, pastDueSince: billingAccounts.pastDueSince })
    .from(billingAccounts)
    .where(
      and(
        eq(billingAccounts.subscriptionStatus, 'past_due'),
        lte(billingAccounts.pastDueSince, due),
        isNull(billingAccounts.dunningRemindedAt),
      ),
    );
  let sent = 0;
  for (const row of rows) {
    const graceEnds = new Date(row.pastDueSince!.getTime() + pastDueGraceDays * 86_400_000);
    sent += await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .update(billingAccounts)
        .set({ dunningRemindedAt: now })
        .where(
          and(
            eq(billingAccounts.organizationId, row.organizationId),
            isNull(billingAccounts.dunningRemindedAt),
          ),
        )
        .returning({ organizationId: billingAccounts.organizationId });
      const to = claimed ? await billingEmailOf(tx, row.organizationId) : null;
      if (!to) return 0;
      await queueMail(deps.jobs, tx, [reminderMail(to, deps.appUrl, graceEnds)]);
      return 1;
    });
  }
  return sent;
}

function reminderMail(to: string, appUrl: string, graceEnds: Date) {
  const link = `${appUrl}/account/billing/payment`;
  const day = graceEnds.toISOString().slice(0, 10);
  return {
    to,
    subject: 'Your Touchline subscription is about to end',
    text: `Your Touchline subscription payment is still outstanding. Update your card by ${day} to keep your subscription: ${link}`,
    html: `<p>Your Touchline subscription payment is still outstanding. <a href="${escapeHtml(link)}">Update your card</a> by ${escapeHtml(day)} to keep your subscription.</p>`,
  };
}
