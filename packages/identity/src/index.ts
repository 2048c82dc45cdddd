// The identity package's public surface: the app builder, its configuration, database and key handling.
export { buildIdentityApp } from './build-identity-app.ts';
export type { IdentityConfig, IdentityMail, IdentityMailer, PartnerClient } from './config.ts';
export { identityDefaults, parsePartnerClients } from './config.ts';
export { identitySchema, runIdentityMigrations, type IdentityDatabase } from './db/database.ts';
export { demoAdmin, demoPlatformAdmin, ensureUser } from './demo.ts';
export { argon2Options, hashPassword, verifyPassword } from './passwords.ts';
export {
  createSigningKey,
  openSigningKeyRing,
  rotateSigningKey,
  type SigningKey,
  type SigningKeyRing,
} from './signing-keys.ts';
export { keyEncryptionKeyFrom, loadOrCreateKeyEncryptionSecret } from './key-encryption.ts';
export { outboxMailer } from './mail/outbox.ts';
export { messageIdOf, smtpTransport, type SmtpMailTransport, type StoredMail } from './mail/smtp.ts';
export { defaultMailRetry, retryDelayMs, startMailWorker, type MailWorker } from './mail/worker.ts';
export {
  findDirectoryUser,
  findDirectoryUserByEmail,
  setPlatformAdmin,
  setUserContext,
  updateUserNames,
  confirmInvitedAddress,
  type InvitedAddressConfirmation,
  type DirectoryUser,
} from './accounts/directory.ts';
export {
  findAdminDirectoryUser,
  searchDirectoryUsers,
  unlockDirectoryUser,
  type AdminDirectoryUser,
} from './accounts/admin-directory.ts';
export { partnerAuthorizations, type PartnerAuthorizations } from './oauth/partner-authorizations.ts';
export type { PendingAuthorization } from './oauth/authorization.ts';
