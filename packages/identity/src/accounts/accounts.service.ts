import { eq } from 'drizzle-orm';
import {
  accountRequestMessages,
  type ForgotPasswordBody,
  type RegisterAccountBody,
  type ResetPasswordBody,
} from '@touchline/contracts/accounts';
import type { AcceptanceType } from '@touchline/contracts/roles';
import type { IdentityMail, ResolvedIdentityConfig } from '../config.ts';
import { identityUsers } from '../db/schema.ts';
import { hashPassword } from '../passwords.ts';
import { normalizeEmail } from '../secrets.ts';
import { assertNotThrottled, recordFailure } from '../throttle.ts';
import { revokeAllForUser } from '../tokens/refresh-tokens.ts';
import { consumeEmailToken, createEmailToken, emailTokenLifetimeSeconds } from './email-tokens.ts';
import { alreadyRegisteredMail, confirmEmailMail, resetPasswordMail } from './emails.ts';
import { auditIdentity, findUserByEmail } from './users.ts';

/** A link that is wrong, expired or already used: the same 400 for each, so links cannot be probed. */
export class InvalidLinkError extends Error {
  constructor() {
    super('This link is invalid or has expired. Ask for a new one.');
    this.name = 'InvalidLinkError';
  }
}

/**
 * Requests that send e-mail are limited per client address and per target address (against mail bombing);
 * the limit applies whether or not the address has an account.
 */
async function limitEmailRequest(config: ResolvedIdentityConfig, email: string, ip: string) {
  const now = config.now();
  const ipKey = `mail-ip:${ip}`;
  const addressKey = `mail-to:${normalizeEmail(email)}`;
  await assertNotThrottled(config.db, [ipKey, addressKey], now);
  await recordFailure(config.db, ipKey, config.throttle.emailPerIp, now);
  await recordFailure(config.db, addressKey, config.throttle.emailPerAddress, now);
}

/**
 * Sends an account e-mail without making the caller wait for the mail server: how long SMTP takes would otherwise
 * tell whether an address has an account. Failures are logged; pending sends finish before the service closes.
 */
function deliver(config: ResolvedIdentityConfig, mail: IdentityMail) {
  const sending = config.mailer.send(mail).catch((err: unknown) => {
    config.onMailError(err, mail);
  });
  pendingMail.add(sending);
  void sending.finally(() => pendingMail.delete(sending));
}

const pendingMail = new Set<Promise<void>>();

/** Waits for account e-mails still being sent (at shutdown, and in tests that read the mailbox). */
export async function flushPendingMail(): Promise<void> {
  await Promise.allSettled([...pendingMail]);
}

async function sendConfirmation(
  config: ResolvedIdentityConfig,
  user: { id: string; email: string; firstName: string },
) {
  const token = await createEmailToken(config.db, user.id, 'confirm-email', config.now());
  const url = `${config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  deliver(
    config,
    confirmEmailMail(user.email, user.firstName, url, emailTokenLifetimeSeconds['confirm-email'] / 3600),
  );
}

/**
 * Creates an account waiting for e-mail confirmation. An address that already has an account gets a notice
 * instead, and the caller sees the same answer either way.
 */
export async function registerAccount(config: ResolvedIdentityConfig, body: RegisterAccountBody, ip: string) {
  await limitEmailRequest(config, body.email, ip);
  const existing = await findUserByEmail(config.db, body.email);
  // Hashed either way, so a taken address answers in the same time as a new one.
  const passwordHash = await hashPassword(body.password);
  if (existing) {
    deliver(config, alreadyRegisteredMail(existing.email, existing.firstName, `${config.appUrl}/signin`));
    await auditIdentity(config.db, { userId: existing.id, action: 'register.existing-address', ip });
    return { message: accountRequestMessages.registered };
  }
  const [user] = await config.db
    .insert(identityUsers)
    .values({
      email: body.email,
      normalizedEmail: normalizeEmail(body.email),
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
    })
    .onConflictDoNothing()
    .returning();
  // A parallel registration of the same address won the insert: answer the same, send nothing twice.
  if (user) {
    await auditIdentity(config.db, { userId: user.id, action: 'register', ip });
    await sendConfirmation(config, user);
  }
  return { message: accountRequestMessages.registered };
}

/** Confirms an address from its e-mailed link; the account can then sign in. */
export async function confirmEmail(config: ResolvedIdentityConfig, token: string, ip: string): Promise<void> {
  const now = config.now();
  const userId = await consumeEmailToken(config.db, token, 'confirm-email', now);
  if (!userId) throw new InvalidLinkError();
  await config.db
    .update(identityUsers)
    .set({ emailConfirmedAt: now, updatedAt: now })
    .where(eq(identityUsers.id, userId));
  await auditIdentity(config.db, { userId, action: 'email.confirmed', ip });
}

/** Sends the confirmation link again, only if the address has an account still waiting for it. */
export async function resendConfirmation(config: ResolvedIdentityConfig, email: string, ip: string) {
  await limitEmailRequest(config, email, ip);
  const user = await findUserByEmail(config.db, email);
  if (user && !user.emailConfirmedAt) await sendConfirmation(config, user);
  return { message: accountRequestMessages.resendConfirmation };
}

/** Sends a reset link if the address has an account; the answer never says whether it does. */
export async function forgotPassword(config: ResolvedIdentityConfig, body: ForgotPasswordBody, ip: string) {
  await limitEmailRequest(config, body.email, ip);
  const user = await findUserByEmail(config.db, body.email);
  if (user) {
    const token = await createEmailToken(config.db, user.id, 'reset-password', config.now());
    const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
    deliver(
      config,
      resetPasswordMail(user.email, user.firstName, url, emailTokenLifetimeSeconds['reset-password'] / 60),
    );
    await auditIdentity(config.db, { userId: user.id, action: 'password.reset-requested', ip });
  }
  return { message: accountRequestMessages.forgotPassword };
}

/**
 * Sets a new password from a reset link (single use, expiring). Every refresh token of the user is revoked, so
 * all existing sessions end; following the link also proves the address, so it counts as confirmed.
 */
export async function resetPassword(config: ResolvedIdentityConfig, body: ResetPasswordBody, ip: string) {
  const now = config.now();
  const userId = await consumeEmailToken(config.db, body.token, 'reset-password', now);
  if (!userId) throw new InvalidLinkError();
  const passwordHash = await hashPassword(body.password);
  const [user] = await config.db.select().from(identityUsers).where(eq(identityUsers.id, userId));
  await config.db
    .update(identityUsers)
    .set({ passwordHash, emailConfirmedAt: user?.emailConfirmedAt ?? now, updatedAt: now })
    .where(eq(identityUsers.id, userId));
  await revokeAllForUser(config.db, userId, now);
  await auditIdentity(config.db, { userId, action: 'password.reset', ip });
}

/** Records that the user accepted the terms or the privacy policy; the next token carries the claim. */
export async function acceptPolicy(
  config: ResolvedIdentityConfig,
  userId: string,
  type: AcceptanceType,
  ip: string,
) {
  const now = config.now();
  const set = type === 'terms' ? { termsAcceptedAt: now } : { privacyAcceptedAt: now };
  const updated = await config.db
    .update(identityUsers)
    .set({ ...set, updatedAt: now })
    .where(eq(identityUsers.id, userId))
    .returning({ id: identityUsers.id });
  if (updated.length === 0) return false;
  await auditIdentity(config.db, { userId, action: `policy.accepted.${type}`, ip });
  return true;
}
