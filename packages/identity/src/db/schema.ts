import { sql } from 'drizzle-orm';
import type { JWK } from 'jose';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Accounts of the identity service. normalized_email (trimmed, lower case) is the unique sign-in name, so the
 * service needs no database extension and runs on any PostgreSQL it is pointed at.
 */
export const identityUsers = pgTable(
  'identity_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    normalizedEmail: text('normalized_email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailConfirmedAt: at('email_confirmed_at'),
    termsAcceptedAt: at('terms_accepted_at'),
    privacyAcceptedAt: at('privacy_accepted_at'),
    currentProfileId: uuid('current_profile_id'),
    tabs: text('tabs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_users_normalized_email_uq').on(t.normalizedEmail)],
);

/** The organization-wide roles of a user (spec §6), carried in the User/Role claim. */
export const identityUserRoles = pgTable(
  'identity_user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/**
 * Refresh tokens, stored as SHA-256 hashes only. Each use rotates: the used row gets used_at and a new row joins
 * the same family; presenting a used token again revokes the whole family (RFC 9700 §4.14).
 */
export const identityRefreshTokens = pgTable(
  'identity_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: at('used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identity_refresh_tokens_hash_uq').on(t.tokenHash),
    index('identity_refresh_tokens_family_idx').on(t.familyId),
    index('identity_refresh_tokens_user_idx').on(t.userId),
  ],
);

/** Single-use, expiring tokens sent by e-mail (confirm address, reset password), stored hashed. */
export const identityEmailTokens = pgTable(
  'identity_email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull().$type<'confirm-email' | 'reset-password'>(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identity_email_tokens_hash_uq').on(t.tokenHash),
    index('identity_email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Failure counters for throttling, keyed by what is limited ("account:<email>", "ip:<address>", …). Kept in the
 * database so every instance of the service sees the same counts.
 */
export const identityThrottles = pgTable('identity_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: at('blocked_until'),
});

/** Security events of the identity service: sign-ins, failures, resets, reuse detection, role migration. */
export const identityAuditEvents = pgTable(
  'identity_audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    ip: text('ip'),
    data: text('data'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_audit_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The access-token signing keys every instance shares (ADR 019). The private key is stored encrypted (AES-256-GCM
 * under the configured key-encryption key); the unique generation makes creation and rotation race-safe across
 * instances: the newest generation whose activates_at has passed signs, and a retired key stays published until
 * the tokens it signed have expired.
 */
export const identitySigningKeys = pgTable(
  'identity_signing_keys',
  {
    kid: text('kid').primaryKey(),
    generation: integer('generation').notNull(),
    alg: text('alg').notNull().$type<'EdDSA'>(),
    publicJwk: jsonb('public_jwk').notNull().$type<JWK>(),
    encryptedPrivateKey: text('encrypted_private_key').notNull(),
    activatesAt: timestamp('activates_at', { withTimezone: true }).notNull(),
    retiredAt: at('retired_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('identity_signing_keys_generation_uq').on(t.generation)],
);

/**
 * The standalone identity service's mail outbox (ADR 022): each message is written in the transaction of the change
 * that causes it and delivered after commit by the mail worker (src/mail/worker.ts). next_attempt_at carries the
 * backoff; locked_until is the lease of the worker sending it, so instances on one database never send a row at once
 * and a row whose worker died is taken again once its lease has passed. Unused when identity is mounted in the
 * product server, whose own outbox carries identity's mail.
 */
export const identityMailOutbox = pgTable(
  'identity_mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: at('locked_until'),
    deliveredAt: at('delivered_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('identity_mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/**
 * OAuth 2.0 authorization requests of registered partner clients (authorization code + PKCE, RFC 6749 §4.1, RFC 7636,
 * ADR 041): the request as validated at /connect/authorize (exact redirect URI, S256 challenge, state, nonce, the
 * partner's verified member assertion), then the member's approval (user_id, the code's SHA-256 only, a short
 * expiry), then its one exchange (used_at; a second use revokes what the first one issued: revoked_at, which the partner's
 * access tokens name as their jti).
 */
export const identityAuthorizationRequests = pgTable(
  'identity_authorization_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce'),
    scope: text('scope').notNull(),
    partnerSite: text('partner_site').notNull(),
    partnerMemberId: text('partner_member_id').notNull(),
    userId: uuid('user_id').references(() => identityUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash'),
    revokedAt: at('revoked_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    approvedAt: at('approved_at'),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('identity_authorization_requests_code_uq').on(t.codeHash),
    index('identity_authorization_requests_expires_idx').on(t.expiresAt),
  ],
);
