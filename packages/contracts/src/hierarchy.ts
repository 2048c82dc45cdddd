import { z } from 'zod';
import { singleLineText } from './text.ts';

/** Longest level name we accept; the spec gives none, 100 fits a team name with its age group and season. */
export const levelNameMaxLength = 100;

/** Said when a sibling already carries the name (compared trimmed and case-insensitively). */
export const duplicateLevelNameMessage = 'A level with this name already exists here';

/** A level's name: trimmed, 1–100 characters. */
export const levelNameSchema = singleLineText()
  .min(1, 'Enter a name for the level')
  .max(levelNameMaxLength, `Use at most ${levelNameMaxLength} characters`);

/** Path parameter of every /api/app/hierarchy-level/{id} call. */
export const levelIdParamsSchema = z.object({ id: z.uuid('Not a level id') });

/** A level as the hierarchy calls return it; the materialized path stays on the server (ADR 002). */
export const levelSchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  depth: z.number().int().nonnegative(),
  sortOrder: z.number().int(),
});
/** One level. */
export type Level = z.infer<typeof levelSchema>;

/**
 * A level with its counts as the actor may see them: childCount counts the children the actor may see; memberCount
 * counts the live profile-level accesses in the level's whole subtree, null when the actor may not see its members.
 */
export const levelWithCountsSchema = levelSchema.extend({
  childCount: z.number().int().nonnegative(),
  memberCount: z.number().int().nonnegative().nullable(),
});
/** One level with its counts. */
export type LevelWithCounts = z.infer<typeof levelWithCountsSchema>;

/** What the actor may do to a level, decided by the server so the web never re-derives the rules. */
export const levelAllowedActionsSchema = z.object({
  createChild: z.boolean(),
  rename: z.boolean(),
  move: z.boolean(),
  delete: z.boolean(),
  reorder: z.boolean(),
});
/** The allowed actions on a level. */
export type LevelAllowedActions = z.infer<typeof levelAllowedActionsSchema>;

/**
 * Answer of GET /api/app/hierarchy-level/{id}/navigation (spec §7): the level, its ancestors from the top (the
 * breadcrumb), its children in order, the strongest organization role the actor holds there (the session's
 * currentLevelRole), and what the actor may do to it.
 */
export const levelNavigationSchema = z.object({
  level: levelWithCountsSchema,
  ancestors: z.array(levelSchema),
  children: z.array(levelWithCountsSchema),
  actorRole: z.string().nullable(),
  allowedActions: levelAllowedActionsSchema,
});
/** One level's navigation. */
export type LevelNavigation = z.infer<typeof levelNavigationSchema>;

/** Body of POST /api/app/hierarchy-level: a new level under a parent. */
export const createLevelBodySchema = z.object({
  parentId: z.uuid('Choose the level to add it under'),
  name: levelNameSchema,
});
/** The parsed create-level body. */
export type CreateLevelBody = z.infer<typeof createLevelBodySchema>;

/** Body of PUT /api/app/hierarchy-level/{id}: a new name. */
export const renameLevelBodySchema = z.object({ name: levelNameSchema });
/** The parsed rename-level body. */
export type RenameLevelBody = z.infer<typeof renameLevelBodySchema>;

/** Body of POST /api/app/hierarchy-level/{id}/move: the new parent. */
export const moveLevelBodySchema = z.object({ parentId: z.uuid('Choose the level to move it under') });
/** The parsed move-level body. */
export type MoveLevelBody = z.infer<typeof moveLevelBodySchema>;

/** Body of PUT /api/app/hierarchy-level/{id}/order: every child's id, in the new order. */
export const orderLevelChildrenBodySchema = z.object({
  childIds: z.array(z.uuid('Not a level id')).max(1000),
});
/** The parsed order body. */
export type OrderLevelChildrenBody = z.infer<typeof orderLevelChildrenBodySchema>;

/** Said when the children sent to the order call are not exactly the level's children. */
export const childOrderMismatchMessage = 'List every level directly below this one exactly once';

/** One level a level may be moved under, with the names from the top so a picker can tell equal names apart. */
export const moveTargetSchema = z.object({
  id: z.string(),
  name: z.string(),
  depth: z.number().int().nonnegative(),
  pathNames: z.array(z.string()),
});
/** One move target. */
export type MoveTarget = z.infer<typeof moveTargetSchema>;

/**
 * Answer of GET /api/app/hierarchy-level/{id}/move-targets: the levels the actor may move the level under, in tree
 * order, never the level itself, its own subtree or its current parent.
 */
export const moveTargetsResponseSchema = z.object({ items: z.array(moveTargetSchema) });
/** The move targets. */
export type MoveTargetsResponse = z.infer<typeof moveTargetsResponseSchema>;

/** The 409 message of deleting a level while members remain in it or below it. */
export function membersRemainMessage(count: number): string {
  const who = count === 1 ? '1 member remains' : `${count} members remain`;
  return `This level cannot be deleted: ${who} in it or in the levels below it. Move or remove them first.`;
}

/**
 * Left navigation state per profile (spec §3): level number (depth) → the expanded level ids at that depth, and
 * whether the tree still opens the way it does by default (the top level expanded) rather than as the user left it.
 */
export const leftNavigationStateSchema = z.object({
  levels: z.record(z.string(), z.array(z.string())),
  defaultExpand: z.boolean(),
});
/** The left navigation state of one profile. */
export type LeftNavigationState = z.infer<typeof leftNavigationStateSchema>;
