import {
  CheckInOutcome,
  ClearanceState,
  type CardCheck,
  type OfflinePack,
} from '@touchline/contracts/game-day';

// On-device card verification (issue 33, ADR 044): the same checks as POST /api/app/game-day/cards/verify, made
// with the keys, revocations and roster fetched before the game, so a scan gets its answer with no signal.

const cardIssuer = 'touchline:game-day';
const cardType = 'touchline-card+jwt';

export const offlineMessages = {
  Expired: 'This card has expired: ask the member to open their card again',
  Revoked: 'This card was revoked by the league',
  Invalid: 'This is not a valid card of this league',
  OtherOrganization: 'This card belongs to another organization',
} as const;
/** A member of the organization whose team is not the one being checked in: the server decides once synced. */
export const notOnRosterReason = "not on this team's roster";

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function jsonPart(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(base64UrlBytes(text))) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether `signature` is the Ed25519 signature of `data` under the public key `x` (base64url). WebCrypto's Ed25519
 * where the browser has it (Chromium 137+, Firefox 129+, Safari 17+); else @noble/ed25519 (audited, loaded only then).
 */
export async function verifyEd25519(
  x: string,
  signature: Uint8Array<ArrayBuffer>,
  data: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  let key: CryptoKey | null = null;
  try {
    key = await crypto.subtle.importKey(
      'jwk',
      { kty: 'OKP', crv: 'Ed25519', x },
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
  } catch {
    key = null;
  }
  if (key) return crypto.subtle.verify({ name: 'Ed25519' }, key, signature, data);
  return verifyWithNoble(base64UrlBytes(x), signature, data);
}

/** The fallback: @noble/ed25519's verify (its SHA-512 from WebCrypto's digest), for browsers without Ed25519. */
export async function verifyWithNoble(
  publicKey: Uint8Array,
  signature: Uint8Array,
  data: Uint8Array,
): Promise<boolean> {
  const { verifyAsync } = await import('@noble/ed25519');
  try {
    return await verifyAsync(signature, data, publicKey);
  } catch {
    return false;
  }
}

const refused = (outcome: keyof typeof offlineMessages, person: Partial<CardCheck> = {}): CardCheck => ({
  outcome,
  message: offlineMessages[outcome],
  profileLevelAccessId: null,
  name: null,
  photoUrl: null,
  levelName: null,
  reasons: [],
  ...person,
});

/**
 * What a scanned token says, checked on the device against the pack at `now`: another organization's card, a
 * forged or malformed one (Invalid), an expired one, one revoked by the fetched list; else the member's state on the
 * roster. The answer is provisional: once synced, the server's check is the one recorded.
 */
export async function verifyCardOffline(token: string, pack: OfflinePack, now: Date): Promise<CardCheck> {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return refused('Invalid');
  const [h = '', p = '', s = ''] = parts;
  const header = jsonPart(h);
  const payload = jsonPart(p);
  if (!header || !payload) return refused('Invalid');
  if (payload.org !== pack.organizationId)
    return refused(typeof payload.org === 'string' && payload.org ? 'OtherOrganization' : 'Invalid');
  const key = pack.keys.find((k) => k.kid === header.kid);
  if (
    !key ||
    typeof key.x !== 'string' ||
    header.alg !== 'EdDSA' ||
    header.typ !== cardType ||
    header.crit !== undefined
  )
    return refused('Invalid');
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = base64UrlBytes(s);
  } catch {
    return refused('Invalid');
  }
  const signed = new TextEncoder().encode(`${h}.${p}`);
  if (!(await verifyEd25519(key.x, signature, signed))) return refused('Invalid');
  const { iss, sub, jti, exp } = payload;
  if (iss !== cardIssuer || typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number')
    return refused('Invalid');
  const member = pack.roster.items.find((i) => i.profileLevelAccessId === sub);
  const person = member
    ? { profileLevelAccessId: sub, name: member.name, levelName: pack.roster.levelName }
    : { profileLevelAccessId: sub };
  if (exp * 1000 <= now.getTime()) return refused('Expired', person);
  if (pack.revokedCardIds.includes(jti)) return refused('Revoked', person);
  if (!member)
    return {
      ...refused('Invalid', person),
      outcome: CheckInOutcome.NotCleared,
      message: 'Not cleared',
      reasons: [notOnRosterReason],
    };
  const cleared = member.state === ClearanceState.Cleared;
  return {
    ...refused('Invalid', person),
    outcome: cleared ? CheckInOutcome.Cleared : CheckInOutcome.NotCleared,
    message: cleared ? 'Cleared' : 'Not cleared',
    reasons: member.reasons,
  };
}
