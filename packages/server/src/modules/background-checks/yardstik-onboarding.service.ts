import { eq } from 'drizzle-orm';
import { ErrorCode } from '@touchline/contracts/errors';
import {
  yardstikOnboardingInfoViewSchema,
  type YardstikOnboarding,
  type YardstikOnboardingInfo,
} from '@touchline/contracts/yardstik-onboarding';
import { ActivationStatus } from '@touchline/contracts/profiles';
import type { RequestContext } from '../../deps.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { yardstikOnboardings } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../errors.ts';
import { VendorError, VendorHttpError } from '../../integrations/http/vendor-errors.ts';
import type { ScreeningAccount } from '../../integrations/screening/port.ts';
import { requireOrganizationAdmin, type SetupDeps } from './background-check-setup.service.ts';

type Ctx = RequestContext;
type Row = typeof yardstikOnboardings.$inferSelect;

function isSandbox(deps: SetupDeps): boolean {
  return deps.integrations.webhookSources.some((s) => s.provider === 'yardstik' && s.sandbox === true);
}

function present(deps: SetupDeps, row: Row | undefined): YardstikOnboarding {
  const info = row ? yardstikOnboardingInfoViewSchema.safeParse(row.info) : null;
  return {
    info: info?.success ? info.data : null,
    status: (row?.status as YardstikOnboarding['status'] | undefined) ?? ActivationStatus.NotStarted,
    accountId: row?.vendorAccountId ?? null,
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    activatedAt: row?.activatedAt?.toISOString() ?? null,
    sandbox: isSandbox(deps),
  };
}

async function rowOf(db: Executor, organizationId: string, lock = false) {
  const query = db
    .select()
    .from(yardstikOnboardings)
    .where(eq(yardstikOnboardings.organizationId, organizationId));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** GET {id}/yardstik-onboarding-info: the details saved so far and where the activation stands. */
export async function yardstikOnboardingInfo(
  deps: SetupDeps,
  ctx: Ctx,
  { organizationId }: { organizationId: string },
): Promise<YardstikOnboarding> {
  await requireOrganizationAdmin(deps, ctx, organizationId);
  return present(deps, await rowOf(deps.db, organizationId));
}

/**
 * PUT {id}/yardstik-onboarding-info: saves the organization's legal details (InProgress). Once the account is
 * submitted, Yardstik holds the details: a change is 409 (the vendor's support changes them).
 */
export async function saveYardstikOnboardingInfo(
  deps: SetupDeps,
  ctx: Ctx,
  { organizationId, info }: { organizationId: string; info: YardstikOnboardingInfo },
): Promise<YardstikOnboarding> {
  await requireOrganizationAdmin(deps, ctx, organizationId);
  return deps.db.transaction(async (tx) => {
    const existing = await rowOf(tx, organizationId, true);
    if (existing?.vendorAccountId)
      throw conflict('The Yardstik account is already submitted: ask Yardstik to change its details');
    const now = new Date();
    const [row] = await tx
      .insert(yardstikOnboardings)
      .values({
        organizationId,
        info,
        status: ActivationStatus.InProgress,
        updatedByUserId: ctx.userId,
      })
      .onConflictDoUpdate({
        target: yardstikOnboardings.organizationId,
        set: { info, status: ActivationStatus.InProgress, updatedByUserId: ctx.userId, updatedAt: now },
      })
      .returning();
    await recordAuditEvent(tx, ctx, {
      organizationId,
      action: 'yardstik_onboarding.info_saved',
      entityType: 'organization',
      entityId: organizationId,
      data: {},
    });
    return present(deps, row);
  });
}

/** The vendor's refusal in our words: its field errors as a 400, anything else as unavailable (503). */
function vendorFailure(error: unknown): never {
  if (error instanceof VendorHttpError && error.status === 422) {
    const fields = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
    throw new AppError(ErrorCode.ValidationFailed, 'Yardstik refused the onboarding details', {
      validationErrors: Object.entries(fields).map(([field, messages]) => ({
        field: `info.${field}`,
        in: 'body' as const,
        message: messages.join('; '),
      })),
    });
  }
  if (error instanceof VendorError)
    throw new AppError(ErrorCode.ServiceUnavailable, 'Yardstik could not be reached: try again shortly');
  throw error;
}

async function storeAccount(tx: Executor, ctx: Ctx, row: Row, account: ScreeningAccount): Promise<Row> {
  const now = new Date();
  const activated = account.active && row.status !== ActivationStatus.Activated;
  const [updated] = await tx
    .update(yardstikOnboardings)
    .set({
      vendorAccountId: account.id,
      vendorAccountStatus: account.vendorStatus,
      status: account.active ? ActivationStatus.Activated : ActivationStatus.Submitted,
      submittedAt: row.submittedAt ?? now,
      activatedAt: activated ? now : row.activatedAt,
      updatedAt: now,
    })
    .where(eq(yardstikOnboardings.organizationId, row.organizationId))
    .returning();
  if (!row.vendorAccountId || activated)
    await recordAuditEvent(tx, ctx, {
      organizationId: row.organizationId,
      action: activated ? 'yardstik_onboarding.activated' : 'yardstik_onboarding.account_created',
      entityType: 'organization',
      entityId: row.organizationId,
      data: { accountId: account.id, vendorStatus: account.vendorStatus },
    });
  return updated!;
}

/**
 * POST {id}/yardstik-account: opens the organization's Yardstik account from the saved details (Submitted; the
 * vendor activates it after its review). Safe to repeat: the account is looked for by the organization's id first.
 */
export async function createYardstikAccount(
  deps: SetupDeps,
  ctx: Ctx,
  { organizationId }: { organizationId: string },
): Promise<YardstikOnboarding> {
  await requireOrganizationAdmin(deps, ctx, organizationId);
  const port = deps.integrations.screeningAccounts;
  // The row stays locked over the vendor call, so two clicks at once open one account (the second finds it).
  const stored = await deps.db.transaction(async (tx) => {
    const row = await rowOf(tx, organizationId, true);
    const info = row ? yardstikOnboardingInfoViewSchema.safeParse(row.info) : null;
    if (!row || !info?.success) throw conflict('Save the organization’s details for Yardstik first');
    if (row.vendorAccountId) return row;
    if (!port) throw conflict('Yardstik is not set up in this deployment');
    const account = await port
      .openAccount({ externalId: organizationId, ...info.data }, { correlationId: ctx.requestId })
      .catch(vendorFailure);
    return storeAccount(tx, ctx, row, account);
  });
  return present(deps, await ensureAccountKey(deps, ctx, stored));
}

/**
 * Once Yardstik has activated the organization's sub-account, mints the API key its orders are placed with (the
 * screening resolver uses it from then on) and keeps it sealed. The vendor call is made outside the row lock; if
 * two requests mint at once, the first stored key is kept and the other is never used.
 */
async function ensureAccountKey(deps: SetupDeps, ctx: Ctx, row: Row): Promise<Row> {
  const port = deps.integrations.screeningAccounts;
  const keys = deps.integrations.yardstikAccounts;
  if (row.status !== ActivationStatus.Activated || !row.vendorAccountId || row.vendorAccountKey) return row;
  if (!port || !keys) return row;
  const accountId = row.vendorAccountId;
  const { authorization } = await port
    .createAccountKey(accountId, { correlationId: ctx.requestId })
    .catch(vendorFailure);
  return deps.db.transaction(async (tx) => {
    const locked = (await rowOf(tx, row.organizationId, true))!;
    if (locked.vendorAccountKey || locked.vendorAccountId !== accountId) return locked;
    const [updated] = await tx
      .update(yardstikOnboardings)
      .set({ vendorAccountKey: keys.seal(accountId, authorization), updatedAt: new Date() })
      .where(eq(yardstikOnboardings.organizationId, row.organizationId))
      .returning();
    await recordAuditEvent(
      tx,
      { userId: ctx.userId, profileId: ctx.profileId, requestId: ctx.requestId },
      {
        organizationId: row.organizationId,
        action: 'yardstik_onboarding.account_key_created',
        entityType: 'organization',
        entityId: row.organizationId,
        data: { accountId },
      },
    );
    return updated!;
  });
}

/**
 * GET {id}/yardstik-onboarding-status: the activation (spec §4); a submitted account is re-read from Yardstik, so
 * the answer turns Activated as soon as the vendor has activated it.
 */
export async function yardstikOnboardingStatus(
  deps: SetupDeps,
  ctx: Ctx,
  { organizationId }: { organizationId: string },
): Promise<{ status: ActivationStatus }> {
  await requireOrganizationAdmin(deps, ctx, organizationId);
  const row = await rowOf(deps.db, organizationId);
  const port = deps.integrations.screeningAccounts;
  if (row?.status === ActivationStatus.Submitted && row.vendorAccountId && port) {
    const account = await port
      .getAccount(row.vendorAccountId, { correlationId: ctx.requestId })
      .catch(vendorFailure);
    const updated = await deps.db.transaction(async (tx) => {
      const locked = (await rowOf(tx, organizationId, true))!;
      return storeAccount(tx, ctx, locked, account);
    });
    return { status: (await ensureAccountKey(deps, ctx, updated)).status as ActivationStatus };
  }
  // Activated before its key could be minted (the vendor failed then): mint it now.
  if (row?.status === ActivationStatus.Activated && !row.vendorAccountKey)
    await ensureAccountKey(deps, ctx, row);
  return { status: (row?.status as ActivationStatus | undefined) ?? ActivationStatus.NotStarted };
}
