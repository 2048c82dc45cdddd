import { createHash } from 'node:crypto';
import { decodeJwt } from 'jose';
import { sealData, unsealData } from 'iron-session';
import { AccessTokenClaim, migrateLegacyRoles, normalizeRoleClaim } from '@touchline/contracts/roles';
import type { Database } from '../db/client.ts';
import type { SealedSession } from './cookie.ts';
import type { IdentityClient } from './identity-client.ts';
import {
  recordRotation,
  refreshGraceSeconds,
  releaseRefreshLock,
  revokeWebSession,
  takeRefreshTurn,
  type RotatedTokens,
} from './session.service.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

function withTokens(session: SealedSession, tokens: RotatedTokens): SealedSession {
  const roles = migrateLegacyRoles(normalizeRoleClaim(decodeJwt(tokens.token)[AccessTokenClaim.Role]));
  return { ...session, token: tokens.token, refresh_token: tokens.refresh_token, roles };
}

/**
 * Refreshes a web session's tokens at the identity service, one request per session at a time: a parallel
 * request holding the same (now used-up) refresh token gets the result of the first instead of presenting it
 * again, which the identity service would treat as reuse and end the session. Returns the updated session, or
 * null when the session has ended (it is then revoked here).
 */
export async function refreshWebSession(
  db: Database,
  identity: IdentityClient,
  password: string,
  session: SealedSession,
): Promise<SealedSession | null> {
  const usedHash = sha256(session.refresh_token);
  const turn = await takeRefreshTurn(db, session.sid, usedHash);
  if (turn.kind === 'ended') return null;
  if (turn.kind === 'already-rotated') {
    const tokens = await unsealData<RotatedTokens>(turn.sealed, { password, ttl: refreshGraceSeconds * 2 });
    return tokens.token && tokens.refresh_token ? withTokens(session, tokens) : null;
  }
  let answer;
  try {
    answer = await identity.refresh(session.refresh_token);
  } catch (err) {
    await releaseRefreshLock(db, session.sid);
    throw err;
  }
  if (!answer) {
    await revokeWebSession(db, session.sid);
    await releaseRefreshLock(db, session.sid);
    return null;
  }
  const tokens: RotatedTokens = { token: answer.access_token, refresh_token: answer.refresh_token };
  await recordRotation(
    db,
    session.sid,
    usedHash,
    await sealData(tokens, { password, ttl: refreshGraceSeconds * 2 }),
  );
  return withTokens(session, tokens);
}
