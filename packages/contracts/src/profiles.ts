import { z } from 'zod';

/**
 * One level role of the signed-in profile (GET /api/app/profile/level-roles): the role label the profile holds at
 * a level, which applies at that level and every level below it (ARCHITECTURE §4).
 */
export const levelRoleSchema = z.object({
  profileLevelAccessId: z.string(),
  hierarchyLevelId: z.string(),
  levelName: z.string(),
  labelId: z.string(),
  roleLabel: z.string(),
});
/** One level role. */
export type LevelRole = z.infer<typeof levelRoleSchema>;

/** Answer of GET /api/app/profile/level-roles. */
export const levelRolesResponseSchema = z.array(levelRoleSchema);
