import type { Deps, RequestContext } from '../../deps.ts';
import { Readable } from 'node:stream';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { FilesToViewResponse, RequirementFileLink } from '@touchline/contracts/requirement-completion';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { authorize } from '../../authz/rules.ts';
import { memberRequirements, requirementDefinitions, storedFiles } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { expiringFileLink } from '../../storage/file-links.ts';
import { mayTakeAction } from '../../requirement-core/requirement-actions.policy.ts';
import {
  liveRequirementFiles,
  loadMemberAccess,
  loadRequirement,
  presentRequirementFile,
  type RequirementFileRow,
  type RequirementRef,
} from '../../requirement-core/requirement-target.ts';

/** GET {id}/files-to-view?plaId: the live files of one member's requirement. */
export async function filesToView(
  deps: Deps,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<FilesToViewResponse> {
  const db = deps.db;
  const loaded = await loadRequirement(db, ctx, ref, 'view');
  const files = await liveRequirementFiles(db, ctx.organizationId, loaded.requirement.id);
  return { items: files.map(presentRequirementFile) };
}

/** GET {id}/download-file/{fileId}?plaId: an expiring link (ADR 008) to one file of the requirement. */
export async function downloadFile(
  deps: Deps,
  ctx: RequestContext,
  input: RequirementRef & { fileId: string },
): Promise<RequirementFileLink> {
  const db = deps.db;
  const loaded = await loadRequirement(db, ctx, input, 'download');
  const files = await liveRequirementFiles(db, ctx.organizationId, loaded.requirement.id);
  const file = files.find((f) => f.id === input.fileId);
  if (!file) throw notFound('File');
  return expiringFileLink(deps.fileLinks, { id: file.storedFileId, organizationId: file.organizationId });
}

/**
 * GET {id}/extension-content-file?plaId: what the definition gives the member to work from: an expiring link to
 * its template file, or its outside link (no expiry); 404 when it has neither.
 */
export async function extensionContentFile(
  deps: Deps,
  ctx: RequestContext,
  ref: RequirementRef,
): Promise<RequirementFileLink> {
  const db = deps.db;
  const probe = await loadRequirement(db, ctx, ref, 'view');
  const action = probe.target.type === RequirementType.Document ? 'openLink' : 'downloadContent';
  const { definition } =
    probe.target.type === RequirementType.Form || probe.target.type === RequirementType.Document
      ? await loadRequirement(db, ctx, ref, action)
      : probe;
  const { templateFileId, linkUrl } = definition.content;
  if (typeof templateFileId === 'string') {
    const [file] = await db
      .select({ id: storedFiles.id, organizationId: storedFiles.organizationId })
      .from(storedFiles)
      .where(
        and(
          eq(storedFiles.organizationId, ctx.organizationId),
          eq(storedFiles.id, templateFileId),
          isNull(storedFiles.deletedAt),
        ),
      );
    if (file) return expiringFileLink(deps.fileLinks, file);
  }
  if (typeof linkUrl === 'string') return { url: linkUrl, expiresAt: null };
  throw notFound('Content file');
}

/** A name for a zip entry: the requirement's name as a folder, the file's own name, unique within the archive. */
function entryName(folder: string, file: RequirementFileRow, used: Set<string>): string {
  const clean = (s: string) =>
    Array.from(s)
      .map((ch) => ((ch.codePointAt(0) ?? 0) < 32 || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
      .join('')
      .trim() || 'file';
  const base = `${clean(folder)}/${clean(file.originalName)}`;
  let name = base;
  for (let n = 2; used.has(name); n += 1) name = base.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
  used.add(name);
  return name;
}

/**
 * GET download-file-archive?plaId: a zip of the member's files over every requirement the actor may download,
 * streamed with yazl (each file read from storage only when the zip reaches it); 403 when there is none.
 */
export async function downloadFileArchive(
  deps: Deps,
  ctx: RequestContext,
  { plaId }: { plaId: string },
): Promise<{ stream: Readable; fileName: string }> {
  const db = deps.db;
  const access = await loadMemberAccess(db, ctx.organizationId, plaId);
  if (!access) throw notFound('Member');
  const rows = await db
    .select({
      id: memberRequirements.id,
      type: requirementDefinitions.type,
      name: requirementDefinitions.name,
    })
    .from(memberRequirements)
    .innerJoin(requirementDefinitions, eq(requirementDefinitions.id, memberRequirements.definitionId))
    .where(
      and(
        eq(memberRequirements.organizationId, ctx.organizationId),
        eq(memberRequirements.profileId, access.profileId),
        eq(memberRequirements.active, true),
        isNull(requirementDefinitions.deletedAt),
      ),
    )
    .orderBy(asc(requirementDefinitions.sortOrder), asc(requirementDefinitions.name));
  authorize(mayTakeAction(ctx, { ...access, type: RequirementType.Document }, 'download'));
  const allowed = rows.filter((r) =>
    mayTakeAction(ctx, { ...access, type: r.type as RequirementType }, 'download'),
  );
  const zip = new ZipFile();
  const used = new Set<string>();
  for (const requirement of allowed)
    for (const file of await liveRequirementFiles(db, ctx.organizationId, requirement.id))
      zip.addReadStreamLazy(entryName(requirement.name, file, used), (done) => {
        deps.storage.get(file.storageKey).then(
          (stream) => done(null, stream ?? Readable.from([])),
          (err: unknown) => done(err, Readable.from([])),
        );
      });
  zip.end();
  const person = `${access.firstName}-${access.lastName}`.replace(/[^A-Za-z0-9-]/g, '_');
  return { stream: Readable.from(zip.outputStream), fileName: `${person}-requirement-files.zip` };
}
