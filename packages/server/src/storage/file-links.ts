import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a download link grants: one stored file of one organization, until `expiresAt` (epoch seconds). */
export type FileLinkClaims = { fileId: string; organizationId: string; expiresAt: number };

/** How long a download link lasts: long enough to show a page, short enough that a leaked link soon dies. */
export const fileLinkTtlSeconds = 10 * 60;

/** Signs and checks download links (GET /api/files/{token}). */
export type FileLinkSigner = {
  sign(claims: FileLinkClaims): string;
  /** The claims of a token we signed, or 'forged' when it is not ours; expiry is the caller's to check. */
  verify(token: string): FileLinkClaims | 'forged';
};

const uuidBytes = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) =>
  bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');
const payloadBytes = 16 + 16 + 4;
const macBytes = 16;

/**
 * A signer whose HMAC-SHA256 key is derived (HKDF) from the server secret, so the session password is never used
 * as a key directly and every instance behind a load balancer accepts every other's links. Tokens are binary
 * (two uuids, the expiry, a 128-bit MAC) in base64url: 71 characters, short enough for a URL path segment.
 */
export function createFileLinkSigner(secret: string): FileLinkSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, 'touchline', 'file-links/v1', 32));
  const mac = (payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, macBytes);
  return {
    sign(claims) {
      const expiry = Buffer.alloc(4);
      expiry.writeUInt32BE(claims.expiresAt);
      const payload = Buffer.concat([uuidBytes(claims.fileId), uuidBytes(claims.organizationId), expiry]);
      return `${payload.toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const [encoded, signature, extra] = token.split('.');
      if (!encoded || !signature || extra !== undefined) return 'forged';
      const payload = Buffer.from(encoded, 'base64url');
      const given = Buffer.from(signature, 'base64url');
      if (payload.length !== payloadBytes || given.length !== macBytes) return 'forged';
      if (!timingSafeEqual(given, mac(payload))) return 'forged';
      return {
        fileId: uuidOf(payload.subarray(0, 16)),
        organizationId: uuidOf(payload.subarray(16, 32)),
        expiresAt: payload.readUInt32BE(32),
      };
    },
  };
}

/** Links are rounded up to this step, so the same file keeps the same link for a while and browsers cache it. */
const linkStepSeconds = 300;

/**
 * An expiring download link (GET /api/files/{token}) to one stored file, with its expiry: the one way any module
 * hands out a file (organization photo, profile photo, later requirement uploads).
 */
export function expiringFileLink(
  signer: FileLinkSigner,
  file: { id: string; organizationId: string },
  nowMs: number = Date.now(),
): { url: string; expiresAt: string } {
  const expiresAt = Math.ceil((nowMs / 1000 + fileLinkTtlSeconds) / linkStepSeconds) * linkStepSeconds;
  const token = signer.sign({ fileId: file.id, organizationId: file.organizationId, expiresAt });
  return { url: `/api/files/${token}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
}
