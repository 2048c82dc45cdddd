import { and, asc, count, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organizations, profiles, storedFiles } from '../../db/schema/index.ts';

/** A user's live profile in an organization (linked to their account), for "may this user see it". */
const liveProfileOf = (userId: string) =>
  and(
    eq(profiles.organizationId, organizations.id),
    eq(profiles.appUserId, userId),
    isNull(profiles.deletedAt),
  );

/**
 * One page of the organizations a user belongs to (a live profile linked to their account), by name, with the
 * user's earliest profile in each. `everyOrganization` (platform admin) lists every live organization.
 */
export async function organizationsOfUser(
  db: Executor,
  userId: string,
  opts: { everyOrganization: boolean; limit: number; offset: number },
) {
  const visible = and(
    isNull(organizations.deletedAt),
    opts.everyOrganization
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(profiles)
            .where(liveProfileOf(userId)),
        ),
  );
  const profileId = sql<string | null>`(
    select ${profiles.id} from ${profiles}
    where ${liveProfileOf(userId)}
    order by ${profiles.createdAt}, ${profiles.id} limit 1)`;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        isDemo: organizations.isDemo,
        showCustomerConfiguredBackgroundCheckNotice:
          organizations.showCustomerConfiguredBackgroundCheckNotice,
        reviewBackgroundChecksExternally: organizations.reviewBackgroundChecksExternally,
        phone: organizations.phone,
        website: organizations.website,
        profileId,
      })
      .from(organizations)
      .where(visible)
      .orderBy(asc(organizations.name), asc(organizations.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(organizations).where(visible),
  ]);
  return { rows, totalCount: total?.n ?? 0 };
}

const fileColumns = {
  id: storedFiles.id,
  organizationId: storedFiles.organizationId,
  purpose: storedFiles.purpose,
  storageKey: storedFiles.storageKey,
  contentType: storedFiles.contentType,
  byteSize: storedFiles.byteSize,
  originalName: storedFiles.originalName,
  encryptionKeyId: storedFiles.encryptionKeyId,
  createdAt: storedFiles.createdAt,
};
/** The live files of one purpose in an organization, newest first (normally one). */
export function liveFilesOf(db: Executor, organizationId: string, purpose: string) {
  return db
    .select(fileColumns)
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.organizationId, organizationId),
        eq(storedFiles.purpose, purpose),
        isNull(storedFiles.deletedAt),
      ),
    )
    .orderBy(sql`${storedFiles.createdAt} desc`, sql`${storedFiles.id} desc`);
}

/** A stored file row as the organization file services read it. */
export type StoredFileRow = Awaited<ReturnType<typeof liveFilesOf>>[number];

/** The live file of one purpose for each of several organizations (the organization list's logos). */
export function liveFilesOfOrganizations(
  db: Executor,
  organizationIds: string[],
  purpose: string,
): Promise<StoredFileRow[]> {
  if (organizationIds.length === 0) return Promise.resolve([]);
  return db
    .select(fileColumns)
    .from(storedFiles)
    .where(
      and(
        inArray(storedFiles.organizationId, organizationIds),
        eq(storedFiles.purpose, purpose),
        isNull(storedFiles.deletedAt),
      ),
    )
    .orderBy(sql`${storedFiles.createdAt} desc`);
}

/** One live stored file of an organization by id (the download link names both). */
export async function liveFileById(db: Executor, organizationId: string, fileId: string) {
  const [row] = await db
    .select(fileColumns)
    .from(storedFiles)
    .innerJoin(
      organizations,
      and(eq(organizations.id, storedFiles.organizationId), isNull(organizations.deletedAt)),
    )
    .where(
      and(
        eq(storedFiles.organizationId, organizationId),
        eq(storedFiles.id, fileId),
        isNull(storedFiles.deletedAt),
      ),
    );
  return row;
}
