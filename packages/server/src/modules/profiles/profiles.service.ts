import type { LevelRole } from '@touchline/contracts/profiles';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../plugins/authenticate.ts';
import { levelRolesOfProfile } from './profiles.queries.ts';

/** The signed-in user's level roles in their current profile (spec §4: loaded at sign-in); none without a profile. */
export async function listLevelRoles(db: Database, actor: Actor): Promise<LevelRole[]> {
  if (!actor.profileId) return [];
  return levelRolesOfProfile(db, actor.userId, actor.profileId);
}
