import { and, desc, eq } from 'drizzle-orm';
import { formFieldSchema, type FormField } from '@touchline/contracts/content';
import type { Executor } from '../../db/client.ts';
import { formVersions } from '../../db/schema/index.ts';

/** A saved form version with its fields parsed (fields that no longer parse are left out). */
export type FormVersion = { id: string; version: number; fields: FormField[] };

function parsed(row: { id: string; version: number; fields: unknown[] }): FormVersion {
  const fields = row.fields.flatMap((f) => {
    const result = formFieldSchema.safeParse(f);
    return result.success ? [result.data] : [];
  });
  return { id: row.id, version: row.version, fields };
}

/** The newest saved version of a form definition in the organization, or undefined. */
export async function latestFormFields(
  db: Executor,
  organizationId: string,
  definitionId: string,
): Promise<FormVersion | undefined> {
  const [row] = await db
    .select({ id: formVersions.id, version: formVersions.version, fields: formVersions.fields })
    .from(formVersions)
    .where(and(eq(formVersions.organizationId, organizationId), eq(formVersions.definitionId, definitionId)))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return row ? parsed(row) : undefined;
}

/** One saved version of a form definition, or undefined when it belongs to another form or organization. */
export async function formVersionOf(
  db: Executor,
  organizationId: string,
  definitionId: string,
  versionId: string,
): Promise<FormVersion | undefined> {
  const [row] = await db
    .select({ id: formVersions.id, version: formVersions.version, fields: formVersions.fields })
    .from(formVersions)
    .where(
      and(
        eq(formVersions.organizationId, organizationId),
        eq(formVersions.definitionId, definitionId),
        eq(formVersions.id, versionId),
      ),
    );
  return row ? parsed(row) : undefined;
}
