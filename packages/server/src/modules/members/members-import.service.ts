import type { Deps, RequestContext } from '../../deps.ts';
import {
  MembersImportMode,
  type MembersImportPreview,
  type MembersImportResult,
  type MembersImportRow,
} from '@touchline/contracts/member-admin';
import type { ActorContext } from '../../authz/actor-context.ts';
import { findLiveLevel } from '../../authz/live-queries.ts';
import { authorize } from '../../authz/rules.ts';
import { recordAuditEvent } from '../../db/audit.ts';
import type { Executor } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import {
  createInvitedMembers,
  queueInvitationMails,
  type NewMember,
} from '../invitations/invitations.service.ts';
import { parseMembersCsv } from './members-import.parse.ts';
import { resolveImportRows } from './members-import.resolve.ts';
import { memberPolicy } from './members.policy.ts';

/** The target level with its subtree checks: the organization's (404) and the actor's to manage (403). */
async function targetLevel(db: Executor, ctx: ActorContext, levelId: string) {
  const level = await findLiveLevel(db, ctx.organizationId, levelId);
  if (!level) throw notFound('Level');
  authorize(memberPolicy.manage(ctx, level));
  return level;
}

/** Parses and resolves an import file for a level: every row with its resolved level and label, and its errors. */
async function readImport(db: Executor, ctx: ActorContext, levelId: string, csv: string) {
  const level = await targetLevel(db, ctx, levelId);
  const rows = await resolveImportRows(db, ctx, level, parseMembersCsv(csv));
  return { level, rows };
}

/**
 * POST /api/app/hierarchy-level/{id}/members-import/preview: what an import would do, row by row, changing nothing.
 * Whole-file problems (not CSV, unknown columns, too many rows) are a 400; row problems are in the answer.
 */
export async function previewMembersImport(
  deps: Pick<Deps, 'db'>,
  ctx: RequestContext,
  { levelId, csv }: { levelId: string; csv: string },
): Promise<MembersImportPreview> {
  const { rows } = await readImport(deps.db, ctx, levelId, csv);
  const invalidRows = rows.filter((r) => r.errors.length > 0).length;
  return { rows, totalRows: rows.length, invalidRows, canImport: invalidRows === 0 };
}

function rowErrors(rows: readonly MembersImportRow[]) {
  return rows.flatMap((row) =>
    row.errors.map((e) => ({
      field: `rows.${row.rowNumber}.${e.column}`,
      in: 'body' as const,
      message: e.message,
    })),
  );
}

/**
 * POST /api/app/hierarchy-level/{id}/members-import: checks the file again inside one transaction, then creates the
 * profiles, accesses and invitations with one INSERT per table; the invitations are e-mailed after commit. Mode
 * `all` (the default) imports only if every row is good (400 with every row's errors otherwise: nothing is
 * imported); mode `valid` imports the good rows — each whole, never part of a row — and answers the others with their
 * problems (400 when no row is good).
 */
export async function importMembers(
  deps: Deps,
  ctx: RequestContext,
  { levelId, csv, mode = MembersImportMode.All }: { levelId: string; csv: string; mode?: MembersImportMode },
): Promise<MembersImportResult> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const { level, rows: read } = await readImport(tx, ctx, levelId, csv);
    const errors = rowErrors(read);
    const skippedRows = read.filter((r) => r.errors.length > 0);
    const rows = read.filter((r) => r.errors.length === 0);
    if (errors.length > 0 && (mode === MembersImportMode.All || rows.length === 0)) {
      const bad = skippedRows.length;
      throw invalid(
        errors,
        mode === MembersImportMode.All
          ? `Nothing was imported: ${bad} of ${read.length} rows have errors`
          : `Nothing was imported: all ${read.length} rows have errors`,
      );
    }
    const members: NewMember[] = rows.map(({ labelId, roleLabel, roleText: _r, levelText: _l, ...row }) => {
      // A row without errors has resolved its label; anything else is a bug in the checks, not bad input.
      if (!labelId || !roleLabel) throw new Error(`import row ${row.rowNumber} has no label`);
      return {
        email: row.email,
        firstName: row.firstName,
        lastName: row.lastName,
        hierarchyLevelId: row.hierarchyLevelId ?? level.id,
        levelName: row.levelName ?? level.name,
        labelId,
        roleLabel,
        externalId: row.externalId,
        dateOfBirth: row.dateOfBirth,
      };
    });
    const made = await createInvitedMembers(tx, ctx.organizationId, ctx.userId, members, now);
    const newProfiles = made.members.filter((m) => m.newProfile).length;
    const counts = {
      importedCount: made.members.length,
      newProfiles,
      existingProfiles: made.members.length - newProfiles,
    };
    await recordAuditEvent(tx, ctx, {
      organizationId: ctx.organizationId,
      action: 'members.imported',
      entityType: 'hierarchy_level',
      entityId: level.id,
      data: { ...counts, skippedRows: skippedRows.length, mode },
    });
    await queueInvitationMails(deps, tx, made.mails);
    return { ...counts, skippedRows };
  });
}
