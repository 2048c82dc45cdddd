import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Condition, type ConditionList } from '@touchline/contracts/conditions';
import { ReviewOutcome } from '@touchline/contracts/reviews';
import type { TestMember } from '../../../test/factories.ts';
import { memberRequirements, storedFiles } from '../../db/schema/index.ts';
import type { RequestContext } from '../../deps.ts';
import { clearanceDefinitionOf, clearanceHandedIn } from './clearance-requirement.service.ts';
import {
  auditOf,
  closeIncidentWorld,
  createIncidentWorld,
  mailTo,
  multipart,
  pdfBytes,
  report,
  type IncidentWorld,
} from './incidents.test-kit.ts';

// ADR 040: one path for a return-to-play clearance. Uploaded on the requirement page (complete-document of the
// clearance requirement) or handed in on the conditions page, it marks the condition ClearanceSubmitted and tells
// the member's incident reviewers through the outbox, once.

let w: IncidentWorld;
let definitionId: string;
const requirementApi = '/api/app/requirement';
const clearanceSubject = (name: string) => `a clearance was handed in for ${name}`;

const upload = (
  who: TestMember | null,
  member: TestMember,
  files = [{ name: 'file', filename: 'letter.pdf', data: pdfBytes }],
) => {
  const body = multipart(files);
  return w.t.app.inject({
    method: 'POST',
    url: `${requirementApi}/${definitionId}/complete-document?plaId=${member.profileLevelAccessId}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who?.auth ?? {}) },
  });
};
const handIn = (who: TestMember, member: TestMember, conditionId: string, filename: string) => {
  const body = multipart([{ name: 'file', filename, data: pdfBytes }]);
  return w.t.app.inject({
    method: 'POST',
    url: `/api/app/profile/${member.profileId}/condition-clearance/${conditionId}`,
    payload: body.payload,
    headers: { ...body.headers, ...who.auth },
  });
};
const conditionOf = async (member: TestMember) => {
  const res = await w.t.app.inject({
    url: `/api/app/profile/conditions/${member.profileId}`,
    headers: w.admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ConditionList).items[0] as Condition;
};
/** The names the incident world gives them. */
const names = new Map<TestMember | undefined, string>();
const clearanceMails = async (who: TestMember, member: TestMember) =>
  (await mailTo(w, who)).filter((s) => s.includes(clearanceSubject(names.get(member) ?? '?')));
const submittedAudits = async (member: TestMember) =>
  (await auditOf(w, 'condition.clearance_submitted'))
    .map((e) => e.data as { profileId: string; by: string })
    .filter((d) => d.profileId === member.profileId);
const conditionFiles = async () =>
  w.t.database.db
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.organizationId, w.org.id), eq(storedFiles.purpose, 'condition-clearance')));
const pending = async (member: TestMember) => {
  const [row] = await w.t.database.db
    .select({ pendingReview: memberRequirements.pendingReview })
    .from(memberRequirements)
    .where(
      and(
        eq(memberRequirements.profileId, member.profileId),
        eq(memberRequirements.definitionId, definitionId),
      ),
    );
  return row?.pendingReview;
};

beforeAll(async () => {
  w = await createIncidentWorld();
  await report(w, w.coach, {
    type: 'concussion',
    involved: [
      { profileId: w.player.profileId, role: 'Injured' },
      { profileId: w.child.profileId, role: 'Injured' },
    ],
    whatHappened: 'Two players collided heading the ball.',
  });
  definitionId = (await clearanceDefinitionOf(w.t.database.db, w.org.id))!;
  names.set(w.child, 'Kim Child').set(w.player, 'Pat Player');
});
afterAll(() => closeIncidentWorld(w));

describe('a clearance uploaded on the requirement page', () => {
  it('401, 404 another organization, 403 not the member’s, 400 without a file: the condition does not move', async () => {
    expect((await upload(null, w.child)).statusCode).toBe(401);
    expect((await upload(w.otherAdmin, w.child)).statusCode).toBe(404);
    expect((await upload(w.coach, w.child)).statusCode).toBe(403);
    const empty = await upload(w.parent, w.child, []);
    expect(empty.statusCode).toBe(400);
    expect(await conditionOf(w.child)).toMatchObject({ status: 'Active', clearance: null });
    expect(await submittedAudits(w.child)).toEqual([]);
    expect(await clearanceMails(w.admin, w.child)).toEqual([]);
  });

  it('marks the condition ClearanceSubmitted with the file and mails the incident reviewers, as the hand-in does', async () => {
    const res = await upload(w.parent, w.child);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pending(w.child)).toBe(true);
    const condition = await conditionOf(w.child);
    expect(condition).toMatchObject({
      status: 'ClearanceSubmitted',
      clearance: { fileName: 'letter.pdf' },
      standing: true,
    });
    // The condition's clearance is the requirement's file: the reviewer reads it from the conditions page too.
    const blob = await w.t.app.inject({
      url: `/api/app/profile/${w.child.profileId}/condition-clearance/${condition.id}`,
      headers: w.admin.auth,
    });
    expect([blob.statusCode, blob.rawPayload.equals(pdfBytes)]).toEqual([200, true]);
    expect(await conditionFiles()).toHaveLength(0);
    expect(await submittedAudits(w.child)).toEqual([
      expect.objectContaining({ profileId: w.child.profileId, by: 'requirement' }),
    ]);
    // The incident reviewers (admin, director by default) hear once; a manager without incident access and the
    // coach do not.
    expect(await clearanceMails(w.admin, w.child)).toHaveLength(1);
    expect(await clearanceMails(w.director, w.child)).toHaveLength(1);
    expect(await clearanceMails(w.manager, w.child)).toEqual([]);
    expect(await clearanceMails(w.coach, w.child)).toEqual([]);
  });

  it('a reset in the queue returns it: the condition is Active again', async () => {
    const reset = await w.t.app.inject({
      method: 'POST',
      url: `${requirementApi}/${definitionId}/review/${w.child.profileLevelAccessId}`,
      headers: w.admin.auth,
      payload: { reviewDecision: ReviewOutcome.RejectedReset, reviewNotes: 'Unsigned.' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await conditionOf(w.child)).toMatchObject({ status: 'Active' });
  });
});

describe('the conditions page’s hand-in goes the same way', () => {
  it('it completes the open requirement and that upload marks the condition: one file, one audit, one mail', async () => {
    const condition = await conditionOf(w.player);
    const res = await handIn(w.player, w.player, condition.id, 'clearance.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ClearanceSubmitted',
      clearance: { fileName: 'clearance.pdf' },
    });
    expect(await pending(w.player)).toBe(true);
    expect(await conditionFiles()).toHaveLength(0);
    expect(await submittedAudits(w.player)).toEqual([expect.objectContaining({ by: 'requirement' })]);
    expect(await clearanceMails(w.admin, w.player)).toHaveLength(1);
  });

  it('with one already waiting in the queue, a new file is the condition’s own, through the same function', async () => {
    const condition = await conditionOf(w.player);
    const res = await handIn(w.player, w.player, condition.id, 'second-letter.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect((await conditionOf(w.player)).clearance?.fileName).toBe('second-letter.pdf');
    expect(await conditionFiles()).toHaveLength(1);
    expect((await submittedAudits(w.player)).map((a) => a.by)).toEqual(['requirement', 'conditions']);
    expect(await clearanceMails(w.admin, w.player)).toHaveLength(2);
  });

  it('another requirement’s upload touches no condition', async () => {
    const [file] = await w.t.database.db.select({ id: storedFiles.id }).from(storedFiles).limit(1);
    // Only the organization is read before the definition is found not to be the clearance's.
    const ctx = { organizationId: w.org.id } as RequestContext;
    const marked = await w.t.database.db.transaction((tx) =>
      clearanceHandedIn(w.t.app.deps, tx, ctx, {
        profileId: w.child.profileId,
        storedFileId: file!.id,
        definitionId: '00000000-0000-4000-8000-000000000000',
        now: new Date(),
      }),
    );
    expect(marked).toEqual([]);
    expect(await conditionOf(w.child)).toMatchObject({ status: 'Active' });
  });
});
