/** The claims of an access token, as the browser reads them: unverified, for display and expiry only. */
export type TokenClaims = Readonly<Record<string, unknown>>;

function base64UrlToBytes(segment: string): Uint8Array {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * Reads a JWT's payload without verifying it (spec §3: the web reads the claims). The server verifies every
 * token it receives, so the browser needs the claims only to show names and decide when to refresh. A token that
 * does not decode gives no claims.
 */
export function decodeJwtClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return {};
  try {
    const json: unknown = JSON.parse(new TextDecoder().decode(base64UrlToBytes(payload)));
    return typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as TokenClaims) : {};
  } catch {
    return {};
  }
}

/** A string claim, or undefined when it is absent or not a non-empty string. */
export function claimString(claims: TokenClaims, name: string): string | undefined {
  const value = claims[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A numeric claim (exp, auth_time are seconds since the epoch), or undefined. */
export function claimNumber(claims: TokenClaims, name: string): number | undefined {
  const value = claims[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
