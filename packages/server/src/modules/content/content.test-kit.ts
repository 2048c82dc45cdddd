import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { contentAssignments, formVersions, requirementDefinitions } from '../../db/schema/index.ts';

/** The people of a content test: admins at the top and below, a Director, a Manager, and another league's admin. */
export type ContentWorld = {
  t: TestApp;
  org: TestOrganization;
  other: TestOrganization;
  admin: TestMember;
  divisionAdmin: TestMember;
  director: TestMember;
  manager: TestMember;
  otherAdmin: TestMember;
};

/** Builds a fresh app with two organizations and their members. */
export async function contentWorld(): Promise<ContentWorld> {
  const t = await createTestApp();
  const org = await createTestOrganization(t);
  const other = await createTestOrganization(t);
  return {
    t,
    org,
    other,
    admin: await addTestMember(t, org, org.root, 'Admin'),
    divisionAdmin: await addTestMember(t, org, org.division, 'Admin'),
    director: await addTestMember(t, org, org.root, 'Director'),
    manager: await addTestMember(t, org, org.team, 'Manager'),
    otherAdmin: await addTestMember(t, other, other.root, 'Admin'),
  };
}

/** Request helpers as one member (or anonymous). */
export function as(t: TestApp, who: TestMember | null) {
  const headers = who ? who.auth : {};
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, payload }),
    put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}

/** Everything the library stores for an organization, for "nothing changed" checks. */
export async function libraryState(t: TestApp, organizationId: string) {
  const db = t.database.db;
  return {
    definitions: await db
      .select()
      .from(requirementDefinitions)
      .where(eq(requirementDefinitions.organizationId, organizationId))
      .orderBy(requirementDefinitions.id),
    versions: await db
      .select()
      .from(formVersions)
      .where(eq(formVersions.organizationId, organizationId))
      .orderBy(formVersions.id),
    assignments: await db
      .select()
      .from(contentAssignments)
      .where(eq(contentAssignments.organizationId, organizationId))
      .orderBy(contentAssignments.id),
  };
}

/** Common fields of a valid definition. */
export const baseOf = (name: string) => ({ name, instructions: 'Do it', isOptional: false });

/** A valid built form with a conditional field. */
export const sampleForm = {
  fields: [
    { id: 'allergies', label: 'Any allergies?', kind: 'radio', required: true, options: ['Yes', 'No'] },
    {
      id: 'details',
      label: 'Which allergies?',
      kind: 'textarea',
      required: true,
      visibleWhen: { fieldId: 'allergies', equals: 'Yes' },
    },
  ],
};

/** Creates a definition through the API as the given admin and returns its id. */
export async function createDefinition(
  t: TestApp,
  admin: TestMember,
  organizationId: string,
  kind: string,
  content: object,
  name = `${kind} requirement`,
): Promise<string> {
  const res = await as(t, admin).post(`/api/app/content/content-${kind}/${organizationId}`, {
    base: baseOf(name),
    content,
  });
  if (res.statusCode !== 201) throw new Error(`create ${kind}: ${res.statusCode} ${res.body}`);
  return (res.json() as { id: string }).id;
}
