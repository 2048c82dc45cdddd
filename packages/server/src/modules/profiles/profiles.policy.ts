import type { ActorContext } from '../../authz/actor-context.ts';
import { holdsAnywhere, holdsAt } from '../../authz/rules.ts';

/** What the profile rules read about a profile: who owns it, who is its guardian, and the levels it belongs to. */
export type ProfileTarget = {
  id: string;
  appUserId: string | null;
  guardianProfileId: string | null;
  levelPaths: readonly string[];
};

/** The actor's own profile (the current one, or another profile linked to their account). */
const isSelf = (ctx: ActorContext, target: ProfileTarget) =>
  target.id === ctx.profileId || target.appUserId === ctx.userId;

/** A child profile whose guardian is the actor's current profile (the partner's "child profile"). */
const isGuardian = (ctx: ActorContext, target: ProfileTarget) => target.guardianProfileId === ctx.profileId;

/** Manager level or higher at one of the levels the profile belongs to (or above it). */
const managesAnyLevel = (ctx: ActorContext, target: ProfileTarget) =>
  target.levelPaths.some((path) => holdsAt(ctx, 'managerLevelOrHigher', path));

/**
 * The profile rule table (ARCHITECTURE §4): pure predicates over the loaded actor context and profile. Another
 * organization's profile never reaches these rules: its query finds nothing (404).
 */
export const profilePolicy = {
  /** Read a profile and its accesses: oneself, one's child, or a manager over one of its levels. */
  view: (ctx: ActorContext, target: ProfileTarget) =>
    isSelf(ctx, target) || isGuardian(ctx, target) || managesAnyLevel(ctx, target),
  /** Change a profile's names, e-mail, date of birth or citizenship: the same people who may read it. */
  update: (ctx: ActorContext, target: ProfileTarget) =>
    isSelf(ctx, target) || isGuardian(ctx, target) || managesAnyLevel(ctx, target),
  /**
   * Read or change a profile's contact information and emergency contacts by id: oneself or one's child only (a
   * manager reads them through the member's own screens, never by id: least reads of children's data).
   */
  contactDetails: (ctx: ActorContext, target: ProfileTarget) =>
    isSelf(ctx, target) || isGuardian(ctx, target),
  /** Look members up by a partner's external id: manager level or higher somewhere (lists stay in reach). */
  findByExternalId: (ctx: ActorContext) => holdsAnywhere(ctx, 'managerLevelOrHigher'),
} as const;
