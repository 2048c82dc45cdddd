import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import type { TestMember } from '../../../test/factories.ts';
import { auditEvents, hierarchyLevels } from '../../db/schema/index.ts';

/** The level calls' base path. */
export const levelsUrl = '/api/app/hierarchy-level';

type Body = Record<string, unknown>;

/** Calls a level endpoint as a member (or anonymously with null), for the permission-matrix tests. */
export function callAs(t: TestApp, who: TestMember | null) {
  const headers = who ? who.auth : {};
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: Body) => t.app.inject({ method: 'POST', url, headers, payload }),
    put: (url: string, payload: Body) => t.app.inject({ method: 'PUT', url, headers, payload }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}

/** The audit actions recorded for one level, oldest first. */
export async function auditActionsOf(t: TestApp, organizationId: string, levelId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.organizationId, organizationId), eq(auditEvents.entityId, levelId)))
    .orderBy(auditEvents.createdAt);
  return rows.map((r) => r.action);
}

/** One level row as stored, deleted or not, for checking what a call changed (or did not). */
export async function storedLevel(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(hierarchyLevels).where(eq(hierarchyLevels.id, id));
  if (!row) throw new Error(`no level ${id}`);
  return row;
}
