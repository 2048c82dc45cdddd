import { queryOptions, useQuery } from '@tanstack/react-query';
import { levelNavigationSchema } from '@touchline/contracts/hierarchy';
import { labelsResponseSchema } from '@touchline/contracts/member-admin';
import { api } from '../../../lib/api-client.ts';
import { contentQueryKey } from './get-content-list.ts';

/** A level the assign dialog offers, indented by its depth below the starting level. */
export type AssignLevel = { id: string; name: string; indent: number };
/** What the assign dialog picks from: levels (top first) and the organization's role labels. */
export type AssignTargets = { levels: AssignLevel[]; labels: { id: string; name: string }[] };

const maxLevels = 200;

/**
 * The levels under (and including) the actor's level, walked depth-first through the navigation call
 * (GET /api/app/hierarchy-level/{id}/navigation), and the labels (GET /api/app/labels).
 */
export async function getAssignTargets(levelId: string): Promise<AssignTargets> {
  const levels: AssignLevel[] = [];
  const walk = async (id: string, indent: number): Promise<void> => {
    const nav = await api.get(`/api/app/hierarchy-level/${encodeURIComponent(id)}/navigation`, {
      schema: levelNavigationSchema,
    });
    if (!nav) return;
    levels.push({ id: nav.level.id, name: nav.level.name, indent });
    for (const child of nav.children) {
      if (levels.length >= maxLevels) return;
      if (child.childCount > 0) await walk(child.id, indent + 1);
      else levels.push({ id: child.id, name: child.name, indent: indent + 1 });
    }
  };
  await walk(levelId, 0);
  const labels = await api.get('/api/app/labels', { schema: labelsResponseSchema });
  return { levels, labels: (labels?.items ?? []).map((l) => ({ id: l.id, name: l.name })) };
}

/** The assign dialog's choices from a starting level. */
export const useAssignTargets = (levelId: string) =>
  useQuery(
    queryOptions({
      queryKey: [...contentQueryKey, 'assign-targets', levelId],
      queryFn: () => getAssignTargets(levelId),
      enabled: levelId !== '',
      staleTime: 60_000,
    }),
  );
