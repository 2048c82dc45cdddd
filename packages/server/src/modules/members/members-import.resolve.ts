import { emailSchema } from '@touchline/contracts/accounts';
import { externalIdSchema, invitationMessages, memberNameSchema } from '@touchline/contracts/invitations';
import type { MembersImportRow } from '@touchline/contracts/member-admin';
import { dateOfBirthProblem } from '@touchline/contracts/profiles';
import type { ZodType } from 'zod';
import type { ActorContext } from '../../authz/actor-context.ts';
import type { Executor } from '../../db/client.ts';
import type { CsvMemberRow } from './members-import.parse.ts';
import { memberPolicy } from './members.policy.ts';
import { accessLevelsByEmail, organizationLabels, subtreeLevels } from './members.queries.ts';

type Level = { id: string; name: string; parentId: string | null; path: string };
type Target = Pick<Level, 'id' | 'name' | 'path'>;
type Label = { id: string; name: string; role: string | null; isDefault: boolean };

/** The level a row's `level` value names: a name below the target, or a path of names from it ('Division/Team'). */
function levelResolver(target: Target, levels: readonly Level[]) {
  const byId = new Map(levels.map((l) => [l.id, l]));
  const relativePath = (level: Level): string => {
    const names: string[] = [];
    for (let at: Level | undefined = level; at && at.id !== target.id; at = byId.get(at.parentId ?? ''))
      names.unshift(at.name);
    return names.join('/');
  };
  const byPath = new Map(levels.map((l) => [relativePath(l).toLowerCase(), l]));
  const byName = new Map<string, Level[]>();
  for (const level of levels)
    byName.set(level.name.toLowerCase(), [...(byName.get(level.name.toLowerCase()) ?? []), level]);
  const shown = (level: Level) => ({ level, display: relativePath(level) || target.name });
  return (value: string): { level: Target; display: string } | { error: string } => {
    const wanted = value.replace(/^\/+|\/+$/g, '').trim();
    if (wanted === '') return { level: target, display: target.name };
    const key = wanted.split('/').map((part) => part.trim().toLowerCase());
    // A path may start with the target's own name ('League/Division/Team').
    const fromTarget = key[0] === target.name.toLowerCase() ? key.slice(1).join('/') : null;
    const byGivenPath =
      byPath.get(key.join('/')) ?? (fromTarget !== null ? byPath.get(fromTarget) : undefined);
    if (byGivenPath) return shown(byGivenPath);
    const named = key.length === 1 ? (byName.get(key[0] ?? '') ?? []) : [];
    if (named.length === 1 && named[0]) return shown(named[0]);
    if (named.length > 1)
      return {
        error: `More than one level below ${target.name} is named "${wanted}": write its path, e.g. "Division/Team"`,
      };
    return { error: `No level named "${wanted}" below ${target.name}` };
  };
}

/** The first message of a failed field check, or null when the value passes. */
function problem(schema: ZodType, value: string): string | null {
  const checked = schema.safeParse(value);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Invalid value');
}

/**
 * Resolves and checks every row of an import into the target level: names, address, role label (the default when
 * empty; roles only an administrator may give), level, duplicates within the file and existing memberships. Read-only,
 * so preview and import run the same checks (the import inside its transaction).
 */
export async function resolveImportRows(
  db: Executor,
  ctx: ActorContext,
  target: Target,
  rows: readonly CsvMemberRow[],
): Promise<MembersImportRow[]> {
  const levels = await subtreeLevels(db, ctx.organizationId, target.path);
  const labels: Label[] = await organizationLabels(db, ctx.organizationId);
  const resolveLevel = levelResolver(target, levels);
  const labelByName = new Map(labels.map((l) => [l.name.toLowerCase(), l]));
  const defaultLabel = labels.find((l) => l.isDefault);
  const emails = rows.map((r) => r.values.email.trim()).filter((e) => e !== '');
  const held = new Set(
    (await accessLevelsByEmail(db, ctx.organizationId, emails)).map(
      (a) => `${a.email?.toLowerCase()} ${a.hierarchyLevelId}`,
    ),
  );
  const firstRowOf = new Map<string, number>();
  return rows.map(({ rowNumber, values, extraValues }) => {
    const errors: MembersImportRow['errors'] = [];
    const check = (column: string, message: string | null) => {
      if (message) errors.push({ column, message });
    };
    if (extraValues) check('row', 'This row has more values than the header has columns');
    check('firstName', problem(memberNameSchema('first name'), values.firstName));
    check('lastName', problem(memberNameSchema('last name'), values.lastName));
    const email = values.email.trim();
    check('email', problem(emailSchema, email));
    const seenOn = firstRowOf.get(email.toLowerCase());
    if (email && seenOn !== undefined) check('email', `This e-mail address is already on row ${seenOn}`);
    else if (email) firstRowOf.set(email.toLowerCase(), rowNumber);
    const label = values.role.trim() ? labelByName.get(values.role.trim().toLowerCase()) : defaultLabel;
    if (!label)
      check(
        'role',
        values.role.trim()
          ? `No role is named "${values.role.trim()}"`
          : 'The organization has no default role: name one',
      );
    const resolved = resolveLevel(values.level);
    if ('error' in resolved) check('level', resolved.error);
    const level = 'level' in resolved ? resolved.level : null;
    if (label && level && !memberPolicy.handleLabel(ctx, level, label))
      check('role', `Only an administrator at ${level.name} can give the role ${label.name}`);
    if (level && held.has(`${email.toLowerCase()} ${level.id}`))
      check('email', invitationMessages.alreadyMember);
    check('externalId', problem(externalIdSchema, values.externalId));
    const dateOfBirth = values.dateOfBirth.trim();
    if (dateOfBirth) check('dateOfBirth', dateOfBirthProblem(dateOfBirth));
    return {
      rowNumber,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email,
      labelId: label?.id ?? null,
      roleLabel: label?.name ?? null,
      hierarchyLevelId: level?.id ?? null,
      levelName: 'display' in resolved ? resolved.display : null,
      externalId: values.externalId.trim() || null,
      dateOfBirth: dateOfBirth || null,
      roleText: values.role.trim(),
      levelText: values.level.trim(),
      errors,
    };
  });
}
