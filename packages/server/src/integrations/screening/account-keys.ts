import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A sub-account's API key sealed at rest (AES-256-GCM, `v1.<iv>.<tag>.<ciphertext>`), with a key derived by HKDF
 * from the partner's own API key and bound to the account id, so a copy of the database alone never yields a key
 * that places orders, and a sealed value moved to another account's row does not open.
 */
export function sealAccountKey(partnerKey: string, accountId: string, authorization: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(partnerKey), iv);
  cipher.setAAD(Buffer.from(accountId));
  const ciphertext = Buffer.concat([cipher.update(authorization, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Opens a sealed sub-account key; null when it does not open (another partner key, another account, tampered). */
export function openAccountKey(partnerKey: string, accountId: string, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(partnerKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

function keyOf(partnerKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', partnerKey, 'touchline', 'yardstik sub-account keys v1', 32));
}
