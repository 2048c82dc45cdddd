import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentAssignmentsResponseSchema } from '@touchline/contracts/content';
import { isRequirementTypeAvailable, requirementTypeTable } from '@touchline/contracts/requirement-types';
import { auditEvents, contentAssignments, memberRequirements } from '../../db/schema/index.ts';
import { addTestMember } from '../../../test/factories.ts';
import { as, contentWorld, createDefinition, libraryState, type ContentWorld } from './content.test-kit.ts';

const url = '/api/app/content';

describe('assigning content to role labels at levels', () => {
  let w: ContentWorld;
  let waiverId: string;
  let otherId: string;
  const at = (level: { id: string }, labelId: string) => ({ hierarchyLevelId: level.id, labelId });
  beforeAll(async () => {
    w = await contentWorld();
    waiverId = await createDefinition(w.t, w.admin, w.org.id, 'waiver', { text: 'Risks.' });
    otherId = await createDefinition(w.t, w.otherAdmin, w.other.id, 'waiver', { text: 'Other' });
  });
  afterAll(() => w.t.close());

  it('POST {id}/assign-content: 401, 404 for another organization, 403 for Directors and Managers', async () => {
    const before = await libraryState(w.t, w.org.id);
    const body = { contentAssignments: [at(w.org.root, w.org.labelIds.member)] };
    expect((await as(w.t, null).post(`${url}/${waiverId}/assign-content`, body)).statusCode).toBe(401);
    expect((await as(w.t, w.admin).post(`${url}/${otherId}/assign-content`, body)).statusCode).toBe(404);
    expect((await as(w.t, w.otherAdmin).post(`${url}/${waiverId}/assign-content`, body)).statusCode).toBe(
      404,
    );
    for (const who of [w.director, w.manager])
      expect((await as(w.t, who).post(`${url}/${waiverId}/assign-content`, body)).statusCode).toBe(403);
    expect((await as(w.t, w.divisionAdmin).post(`${url}/${waiverId}/assign-content`, body)).statusCode).toBe(
      403,
    );
    expect(await libraryState(w.t, w.org.id)).toEqual(before);
  });

  it('answers 400 for malformed bodies and another organization’s levels or labels, changing nothing', async () => {
    const before = await libraryState(w.t, w.org.id);
    const cases = [
      {},
      { contentAssignments: [{ hierarchyLevelId: 'x', labelId: w.org.labelIds.member }] },
      { contentAssignments: [at(w.other.root, w.org.labelIds.member)] },
      { contentAssignments: [at(w.org.root, w.other.labelIds.member)] },
    ];
    for (const body of cases)
      expect((await as(w.t, w.admin).post(`${url}/${waiverId}/assign-content`, body)).statusCode).toBe(400);
    const res = await as(w.t, w.admin).post(`${url}/${waiverId}/assign-content`, cases[3] ?? {});
    expect(res.json().error.validationErrors).toEqual([
      expect.objectContaining({ field: 'contentAssignments.0.labelId' }),
    ]);
    expect(await libraryState(w.t, w.org.id)).toEqual(before);
  });

  it('replaces the set: adds, keeps, soft-deletes removed ones, audits, and lists them', async () => {
    const first = await as(w.t, w.admin).post(`${url}/${waiverId}/assign-content`, {
      contentAssignments: [
        at(w.org.root, w.org.labelIds.member),
        at(w.org.division, w.org.labelIds.Manager),
        at(w.org.root, w.org.labelIds.member),
      ],
    });
    expect(first.statusCode).toBe(200);
    expect(contentAssignmentsResponseSchema.parse(first.json()).items).toHaveLength(2);
    const kept = first.json().items.find((a: { labelId: string }) => a.labelId === w.org.labelIds.member);
    const second = await as(w.t, w.admin).post(`${url}/${waiverId}/assign-content`, {
      contentAssignments: [at(w.org.root, w.org.labelIds.member), at(w.org.team, w.org.labelIds.Director)],
    });
    const items = contentAssignmentsResponseSchema.parse(second.json()).items;
    expect(items.map((a) => [a.hierarchyLevelName, a.labelName])).toEqual([
      [w.org.name, 'Player'],
      ['Team', 'Director'],
    ]);
    expect(items.find((a) => a.labelName === 'Player')?.id).toBe(kept.id);
    const rows = await w.t.database.db
      .select()
      .from(contentAssignments)
      .where(eq(contentAssignments.definitionId, waiverId));
    expect(rows.filter((r) => r.deletedAt !== null)).toHaveLength(1);
    const listed = await as(w.t, w.admin).get(`${url}/${waiverId}/content-assignments`);
    expect(listed.json().items).toEqual(items);
    const events = await w.t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, waiverId), eq(auditEvents.action, 'content.assignments_changed')));
    expect(events).toHaveLength(2);
  });

  it('lets an Admin below the top assign at their levels only', async () => {
    const current = (await as(w.t, w.admin).get(`${url}/${waiverId}/content-assignments`))
      .json()
      .items.map((a: { hierarchyLevelId: string; labelId: string }) => ({
        hierarchyLevelId: a.hierarchyLevelId,
        labelId: a.labelId,
      }));
    const mine = await as(w.t, w.divisionAdmin).post(`${url}/${waiverId}/assign-content`, {
      contentAssignments: [...current, at(w.org.division, w.org.labelIds.member)],
    });
    expect(mine.statusCode).toBe(200);
    const removingRoot = await as(w.t, w.divisionAdmin).post(`${url}/${waiverId}/assign-content`, {
      contentAssignments: [],
    });
    expect(removingRoot.statusCode).toBe(403);
    expect((await as(w.t, w.admin).get(`${url}/${waiverId}/content-assignments`)).json().items).toHaveLength(
      3,
    );
  });

  it('GET {id}/content-assignments: 401, 404 for another organization, 403 below admin level', async () => {
    expect((await as(w.t, null).get(`${url}/${waiverId}/content-assignments`)).statusCode).toBe(401);
    expect((await as(w.t, w.admin).get(`${url}/${otherId}/content-assignments`)).statusCode).toBe(404);
    expect((await as(w.t, w.director).get(`${url}/${waiverId}/content-assignments`)).statusCode).toBe(403);
  });

  it('deleting a definition removes its assignments and deactivates members’ requirements, keeping them', async () => {
    const player = await addTestMember(w.t, w.org, w.org.team, 'member');
    const current = (await as(w.t, w.admin).get(`${url}/${waiverId}/content-assignments`)).json().items;
    await as(w.t, w.admin).post(`${url}/${waiverId}/assign-content`, {
      contentAssignments: current.slice(1),
    });
    await as(w.t, w.admin).post(`${url}/${waiverId}/assign-content`, { contentAssignments: current });
    const ofPlayer = () =>
      w.t.database.db
        .select()
        .from(memberRequirements)
        .where(
          and(
            eq(memberRequirements.profileId, player.profileId),
            eq(memberRequirements.definitionId, waiverId),
          ),
        );
    const [req] = await ofPlayer();
    expect(req?.active).toBe(true);
    expect((await as(w.t, w.admin).delete(`${url}/${waiverId}`)).statusCode).toBe(204);
    const [after] = await w.t.database.db
      .select()
      .from(memberRequirements)
      .where(eq(memberRequirements.id, req?.id ?? ''));
    expect(after?.active).toBe(false);
    const live = (await libraryState(w.t, w.org.id)).assignments.filter(
      (a) => a.definitionId === waiverId && a.deletedAt === null,
    );
    expect(live).toEqual([]);
  });

  it('assigns every type of the spec: the last two that were coming soon (age and identity verification) now assign', async () => {
    // With all twelve types built (ADR 039), nothing is coming soon; the gate stays for a type added later.
    expect(requirementTypeTable.filter((row) => !isRequirementTypeAvailable(row.no))).toEqual([]);
    const body = { contentAssignments: [at(w.org.root, w.org.labelIds.member)] };
    for (const slug of ['age-verification', 'identity-verification'] as const) {
      const id = await createDefinition(w.t, w.admin, w.org.id, slug, {}, `Verify ${slug}`);
      expect((await as(w.t, w.director).post(`${url}/${id}/assign-content`, body)).statusCode).toBe(403);
      const res = await as(w.t, w.admin).post(`${url}/${id}/assign-content`, body);
      expect(res.statusCode, slug).toBe(200);
      const live = (await libraryState(w.t, w.org.id)).assignments.filter(
        (a) => a.definitionId === id && a.deletedAt === null,
      );
      expect(live, slug).toHaveLength(1);
    }
  });
});
