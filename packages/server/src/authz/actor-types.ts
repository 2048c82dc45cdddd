import type { LabelRole } from '@touchline/contracts/roles';

// The types the authentication plugin, the actor context and the request caches all speak of: a leaf, so that none
// of the three needs another for its types alone (ADR 038; they used to import each other in a circle).

/** The signed-in caller as every service sees it, built from a verified access token. */
export type Actor = {
  userId: string;
  profileId: string | null;
  roles: string[];
  claims: Record<string, unknown>;
};

/** One level role the actor holds: a role label at a level, applying there and at every level below (ADR 007). */
export type Grant = {
  profileLevelAccessId: string;
  hierarchyLevelId: string;
  levelPath: string;
  labelId: string;
  role: LabelRole | null;
};

/**
 * Who is asking, resolved against the database on every request: the organization of the current profile and the
 * level roles held there. Roles come from here, not the token, so a role change or an archived access takes effect
 * at once; only the platform role (TouchlineAdmin) is the identity's.
 */
export type ActorContext = {
  userId: string;
  profileId: string;
  organizationId: string;
  platformAdmin: boolean;
  grants: Grant[];
};
