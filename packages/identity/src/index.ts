// The identity package's public surface: the app builder and its key handling.
export { buildIdentityApp, type IdentityConfig } from './build-identity-app.ts';
export { createSigningKey, loadOrCreateSigningKey, type SigningKey } from './signing-keys.ts';
