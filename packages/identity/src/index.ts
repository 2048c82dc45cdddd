// The identity package's public surface: the app builder, its configuration, database and key handling.
export { buildIdentityApp } from './build-identity-app.ts';
export type { IdentityConfig, IdentityMail, IdentityMailer } from './config.ts';
export { identityDefaults } from './config.ts';
export { identitySchema, runIdentityMigrations, type IdentityDatabase } from './db/database.ts';
export { demoAdmin, ensureUser } from './demo.ts';
export { argon2Options, hashPassword, verifyPassword } from './passwords.ts';
export { createSigningKey, loadOrCreateSigningKey, type SigningKey } from './signing-keys.ts';
export { flushPendingMail } from './accounts/accounts.service.ts';
export {
  findDirectoryUser,
  findDirectoryUserByEmail,
  setUserContext,
  updateUserNames,
  type DirectoryUser,
} from './accounts/directory.ts';
