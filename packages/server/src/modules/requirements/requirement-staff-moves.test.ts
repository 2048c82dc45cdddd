import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { TestMember } from '../../../test/factories.ts';
import { requirementEvents } from '../../db/schema/index.ts';
import {
  addRequirement,
  closeWorld,
  createWorld,
  statusOf,
  type World,
} from './requirement-actions.test-support.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => closeWorld(w));

const base = '/api/app/requirement';
const send = (who: TestMember | null, url: string, payload?: object) =>
  w.t.app.inject({ method: 'POST', url, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const lastEvent = async (requirementId: string) => {
  const [row] = await w.t.database.db
    .select({ action: requirementEvents.action, data: requirementEvents.data })
    .from(requirementEvents)
    .where(and(eq(requirementEvents.memberRequirementId, requirementId)))
    .orderBy(desc(requirementEvents.createdAt))
    .limit(1);
  return row;
};

describe('staff complete or reopen a requirement by hand, with a note in the history (ADR 025)', () => {
  it('401, 404 other organization, 403 the member themself, 400 a bad date or long note, then complete and reopen', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    const pla = w.player.profileLevelAccessId;
    const complete = `${base}/${definitionId}/complete-without-upload/${pla}`;
    const reopen = `${base}/${definitionId}/mark-incomplete/${pla}`;
    const body = { date: '2026-01-05', note: 'Paper copy seen at registration' };
    expect((await send(null, complete, body)).statusCode).toBe(401);
    expect((await send(w.otherAdmin, complete, body)).statusCode).toBe(404);
    expect((await send(w.player, complete, body)).statusCode).toBe(403);
    expect((await send(w.teammate, complete, body)).statusCode).toBe(403);
    expect((await send(w.manager, complete, { date: 'yesterday' })).statusCode).toBe(400);
    expect((await send(w.manager, complete, { ...body, note: 'x'.repeat(501) })).statusCode).toBe(400);
    const done = await send(w.manager, complete, body);
    expect(done.statusCode, done.body).toBe(200);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Completed);
    expect(await lastEvent(requirementId)).toEqual({
      action: 'complete-without-upload',
      data: { date: '2026-01-05', note: 'Paper copy seen at registration' },
    });
    expect((await send(w.player, reopen, { note: 'mine' })).statusCode).toBe(403);
    const reopened = await send(w.manager, reopen, { note: 'The copy was of last season' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await statusOf(w, requirementId)).toBe(RequirementStatus.Incomplete);
    expect(await lastEvent(requirementId)).toEqual({
      action: 'mark-incomplete',
      data: { note: 'The copy was of last season' },
    });
    expect((await send(w.manager, reopen)).statusCode).toBe(409);
  });

  it("the dashboard's member row offers exactly the staff moves the actor may make", async () => {
    const { definitionId } = await addRequirement(w, RequirementType.Document);
    const rowOf = async (who: TestMember) => {
      const res = await w.t.app.inject({
        url: `/api/app/hierarchy-level/${w.org.root.id}/members?perPage=100`,
        headers: who.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as {
        profileLevelAccessId: string;
        requirements: { definitionId: string; allowedActions: string[] }[];
      }[];
      const member = items.find((i) => i.profileLevelAccessId === w.player.profileLevelAccessId);
      return member?.requirements.find((r) => r.definitionId === definitionId)?.allowedActions;
    };
    expect(await rowOf(w.director)).toEqual(['markComplete']);
    await send(
      w.director,
      `${base}/${definitionId}/complete-without-upload/${w.player.profileLevelAccessId}`,
      {
        date: '2026-01-05',
      },
    );
    expect(await rowOf(w.director)).toEqual(['markIncomplete']);
  });
});
