import { and, count, eq, isNull } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';
import { hierarchyLevels, organizations, profiles } from '../../db/schema/index.ts';

/** What the public landing page shows: which build runs, on what, and the demo league if one was seeded. */
export type SystemInfo = {
  product: string;
  version: string;
  environment: string;
  database: 'embedded' | 'postgres';
  demo: { organizationName: string; memberCount: number; levelCount: number } | null;
};

/** Reads the system facts; the demo part is null unless a demo organization exists (never in production). */
export async function getSystemInfo(
  database: DatabaseHandle,
  meta: { version: string; environment: string },
): Promise<SystemInfo> {
  const { db } = database;
  const [demoOrg] = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), isNull(organizations.deletedAt)))
    .limit(1);
  let demo: SystemInfo['demo'] = null;
  if (demoOrg && meta.environment !== 'production') {
    const [members] = await db
      .select({ n: count() })
      .from(profiles)
      .where(and(eq(profiles.organizationId, demoOrg.id), isNull(profiles.deletedAt)));
    const [levels] = await db
      .select({ n: count() })
      .from(hierarchyLevels)
      .where(and(eq(hierarchyLevels.organizationId, demoOrg.id), isNull(hierarchyLevels.deletedAt)));
    demo = { organizationName: demoOrg.name, memberCount: members?.n ?? 0, levelCount: levels?.n ?? 0 };
  }
  return {
    product: 'Touchline',
    version: meta.version,
    environment: meta.environment,
    database: database.kind,
    demo,
  };
}
