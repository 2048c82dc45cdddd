import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { TestMember } from '../../../test/factories.ts';
import { auditEvents, requirementEvents, requirementSubmissions } from '../../db/schema/index.ts';
import { addRequirement, closeWorld, createWorld, type World } from './requirement-actions.test-support.ts';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(async () => closeWorld(w));

const base = '/api/app/requirement';
const pla = () => w.player.profileLevelAccessId;
const post = (who: TestMember, url: string, payload?: object) =>
  w.t.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });

/** The audit rows of one member requirement, oldest first. */
function auditOf(requirementId: string) {
  return w.t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'member_requirement'), eq(auditEvents.entityId, requirementId)))
    .orderBy(asc(auditEvents.createdAt), asc(auditEvents.action));
}

/** The requirement events of one member requirement written by an action (not the engine's). */
async function actionEventsOf(requirementId: string) {
  const rows = await w.t.database.db
    .select({ action: requirementEvents.action })
    .from(requirementEvents)
    .where(eq(requirementEvents.memberRequirementId, requirementId));
  return rows.map((r) => r.action).filter((a) => a !== 'assigned' && a !== 'status');
}

describe('the audit trail of member actions', () => {
  it('writes one audit event per action, naming the actor, the request and the statuses; a refused one none', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Waiver, {
      text: 'Risks.',
    });
    const sign = `${base}/${definitionId}/complete-waiver?plaId=${pla()}`;
    const signed = await post(w.player, sign, { typedName: 'Robin Keeper', agreed: true });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(await auditOf(requirementId)).toMatchObject([
      {
        organizationId: w.org.id,
        action: 'requirement.complete_waiver',
        actorUserId: w.player.userId,
        actorProfileId: w.player.profileId,
        requestId: expect.any(String),
        data: {
          definitionId,
          profileId: w.player.profileId,
          fromStatus: RequirementStatus.Incomplete,
          toStatus: RequirementStatus.Completed,
          typedName: 'Robin Keeper',
        },
      },
    ]);
    expect((await post(w.player, sign, { typedName: 'Robin Keeper', agreed: true })).statusCode).toBe(409);
    expect(await auditOf(requirementId)).toHaveLength(1);
  });

  it("records a manager's action as the manager's", async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Document);
    const res = await post(w.manager, `${base}/${definitionId}/complete-without-upload/${pla()}`, {
      date: '2026-03-02',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row, ...more] = await auditOf(requirementId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      action: 'requirement.complete_without_upload',
      actorUserId: w.manager.userId,
      actorProfileId: w.manager.profileId,
      data: { date: '2026-03-02', toStatus: RequirementStatus.Completed },
    });
  });
});

describe('video progress reports', () => {
  it('write an event and audit row for the first report, each new 10% step and the completion, not per report', async () => {
    const { definitionId, requirementId } = await addRequirement(w, RequirementType.Video, {
      url: 'https://video.example.org/a.mp4',
      requiredWatchedPercent: 90,
    });
    const url = `${base}/${definitionId}/complete-video?plaId=${pla()}`;
    const percents: number[] = [];
    // 45 heartbeats of 2 s each on a 100 s video: 2%, 4% … 90% (each within the clock's allowance).
    for (let end = 2; end <= 90; end += 2) {
      const res = await post(w.player, url, { intervals: [[end - 2, end]], duration: 100 });
      expect(res.statusCode, res.body).toBe(200);
      percents.push(res.json().watchedPercent);
    }
    expect(percents.at(-1)).toBe(90);
    const events = await actionEventsOf(requirementId);
    expect(events).toEqual([...Array<string>(9).fill('video-progress'), 'complete-video']);
    const audit = await auditOf(requirementId);
    expect(audit.map((a) => a.action)).toEqual([
      ...Array<string>(9).fill('requirement.video_progress'),
      'requirement.complete_video',
    ]);
    expect(audit.map((a) => a.data['watchedPercent'])).toEqual([2, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    const submissions = await w.t.database.db
      .select()
      .from(requirementSubmissions)
      .where(eq(requirementSubmissions.memberRequirementId, requirementId));
    expect(submissions).toHaveLength(1);
  });
});
