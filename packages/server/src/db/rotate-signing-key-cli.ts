import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { identityKeyEncryptionSecret, rotateIdentitySigningKey } from '../identity-wiring.ts';
import { openDatabase } from './client.ts';

// `npm run keys:rotate [-- --activate-in <seconds>]`: adds a new token signing key to the shared identity tables
// (ADR 019). It is published at once and signs after --activate-in seconds (default 300, the JWKS cache time), so
// every instance and every cached JWKS knows it before a token carries it.
const { values } = parseArgs({ options: { 'activate-in': { type: 'string', default: '300' } } });
const activateInSeconds = Number(values['activate-in']);
if (!Number.isInteger(activateInSeconds) || activateInSeconds < 0) {
  console.error('--activate-in must be a whole number of seconds');
  process.exit(1);
}
const config = loadConfig();
if (config.identityUrl) {
  console.error(
    'IDENTITY_URL is set: run this with DATABASE_URL and IDENTITY_KEY_ENCRYPTION_KEY of the identity service instead',
  );
  process.exit(1);
}
const database = await openDatabase(config);
try {
  const { kid, activatesAt } = await rotateIdentitySigningKey(database, {
    keyEncryptionSecret: identityKeyEncryptionSecret(config),
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    activateInSeconds,
  });
  console.warn(
    `New signing key ${kid}: published now, signs from ${activatesAt.toISOString()}. ` +
      `The previous key stays in the JWKS until ${config.accessTokenTtlSeconds} s after that.`,
  );
} finally {
  await database.close();
}
