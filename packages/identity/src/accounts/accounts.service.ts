import { eq } from 'drizzle-orm';
import {
  accountRequestMessages,
  type ForgotPasswordBody,
  type RegisterAccountBody,
  type ResetPasswordBody,
} from '@touchline/contracts/accounts';
import type { AcceptanceType } from '@touchline/contracts/roles';
import type { ResolvedIdentityConfig } from '../config.ts';
import type { IdentityDatabase } from '../db/database.ts';
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

/** A new confirmation token and its e-mail, both in the caller's transaction (the mail port queues it there). */
async function sendConfirmation(
  config: ResolvedIdentityConfig,
  tx: IdentityDatabase,
  user: { id: string; email: string; firstName: string },
) {
  const token = await createEmailToken(tx, user.id, 'confirm-email', config.now());
  const url = `${config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
  await config.mailer.send(
    confirmEmailMail(user.email, user.firstName, url, emailTokenLifetimeSeconds['confirm-email'] / 3600),
    tx,
  );
}

/**
 * Creates an account waiting for e-mail confirmation, having accepted the current terms and privacy policy (the
 * form requires it), so its first token already carries both claims. An address that already has an account gets
 * a notice instead (its acceptances untouched), and the caller sees the same answer either way.
 */
export async function registerAccount(config: ResolvedIdentityConfig, body: RegisterAccountBody, ip: string) {
  await limitEmailRequest(config, body.email, ip);
  const existing = await findUserByEmail(config.db, body.email);
  // Hashed either way, so a taken address answers in the same time as a new one.
  const passwordHash = await hashPassword(body.password);
  if (existing) {
    await config.db.transaction(async (tx) => {
      await config.mailer.send(
        alreadyRegisteredMail(existing.email, existing.firstName, `${config.appUrl}/signin`),
        tx,
      );
      await auditIdentity(tx, { userId: existing.id, action: 'register.existing-address', ip });
    });
    return { message: accountRequestMessages.registered };
  }
  const now = config.now();
  await config.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(identityUsers)
      .values({
        email: body.email,
        normalizedEmail: normalizeEmail(body.email),
        passwordHash,
        firstName: body.firstName,
        lastName: body.lastName,
        termsAcceptedAt: now,
        privacyAcceptedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // A parallel registration of the same address won the insert: answer the same, send nothing twice.
    if (user) {
      await auditIdentity(tx, { userId: user.id, action: 'register', ip });
      // The same audit lines as the Updated Policies modal's acceptances, so every acceptance reads alike.
      for (const type of ['terms', 'privacy'] as const) {
        await auditIdentity(tx, { userId: user.id, action: `policy.accepted.${type}`, ip });
      }
      await sendConfirmation(config, tx, user);
    }
  });
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
  if (user && !user.emailConfirmedAt) await config.db.transaction((tx) => sendConfirmation(config, tx, user));
  return { message: accountRequestMessages.resendConfirmation };
}

/** Sends a reset link if the address has an account; the answer never says whether it does. */
export async function forgotPassword(config: ResolvedIdentityConfig, body: ForgotPasswordBody, ip: string) {
  await limitEmailRequest(config, body.email, ip);
  const user = await findUserByEmail(config.db, body.email);
  if (user) {
    // The token, its e-mail and the audit line commit together: a reset asked for is a reset e-mailed.
    await config.db.transaction(async (tx) => {
      const token = await createEmailToken(tx, user.id, 'reset-password', config.now());
      const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await config.mailer.send(
        resetPasswordMail(user.email, user.firstName, url, emailTokenLifetimeSeconds['reset-password'] / 60),
        tx,
      );
      await auditIdentity(tx, { userId: user.id, action: 'password.reset-requested', ip });
    });
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
