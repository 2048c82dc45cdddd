import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Reads a secret kept in a file, creating 48 random characters (mode 0600) on first start: how development and
 * the embedded demo get a session password without configuration. Production must set SESSION_PASSWORD.
 */
export function loadOrCreateSecret(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(36).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
