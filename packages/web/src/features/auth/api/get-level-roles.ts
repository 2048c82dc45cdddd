import { queryOptions, useQuery } from '@tanstack/react-query';
import { levelRolesResponseSchema, type LevelRole } from '@touchline/contracts/profiles';
import { api } from '../../../lib/api-client.ts';

/** GET /api/app/profile/level-roles (§7): the roles the signed-in profile holds at levels, loaded after sign-in (§4). */
export async function getLevelRoles(): Promise<LevelRole[]> {
  return (await api.get('/api/app/profile/level-roles', { schema: levelRolesResponseSchema })) ?? [];
}

/** Query options for the level roles, keyed per signed-in user so a new sign-in reloads them. */
export const levelRolesQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profile', 'level-roles', userId], queryFn: getLevelRoles });

/** The signed-in user's level roles. */
export const useLevelRoles = (userId: string) => useQuery(levelRolesQueryOptions(userId));
