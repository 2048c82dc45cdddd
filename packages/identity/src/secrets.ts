import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token (256 bits, base64url) for refresh tokens and e-mailed links. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a token: only this is stored, so a database leak yields no usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Lower-cased, trimmed e-mail: the one form addresses are compared in. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
