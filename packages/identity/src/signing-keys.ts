import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';

/** The identity service's signing key: the private half signs access tokens, the public half is published as JWKS. */
export type SigningKey = { kid: string; alg: 'EdDSA'; privateKey: CryptoKey; publicJwk: JWK };

type StoredKey = { kid: string; alg: 'EdDSA'; privateJwk: JWK; publicJwk: JWK };

/** Makes a new Ed25519 key with a random key id. */
export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = crypto.randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'EdDSA', use: 'sig' };
  return { kid, alg: 'EdDSA', privateKey, publicJwk };
}

/**
 * Loads the signing key kept under `dir` (creating it on first start, file mode 0600), so tokens
 * stay valid across restarts of a single-node deployment.
 */
export async function loadOrCreateSigningKey(dir: string): Promise<SigningKey> {
  const file = path.join(dir, 'signing-key.json');
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKey;
    const privateKey = (await importJWK(stored.privateJwk, stored.alg)) as CryptoKey;
    return { kid: stored.kid, alg: stored.alg, privateKey, publicJwk: stored.publicJwk };
  }
  const key = await createSigningKey();
  const stored: StoredKey = {
    kid: key.kid,
    alg: key.alg,
    privateJwk: { ...(await exportJWK(key.privateKey)), kid: key.kid },
    publicJwk: key.publicJwk,
  };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  return key;
}
