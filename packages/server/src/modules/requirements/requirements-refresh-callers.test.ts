import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addTestLevel,
  addTestMember,
  createTestOrganization,
  type TestMember,
  type TestOrganization,
} from '../../../test/factories.ts';
import { profileLevelAccesses } from '../../db/schema/index.ts';
import { mailTo } from '../../../test/mail.ts';
import { refreshMemberRequirements } from './requirements.service.ts';
import { addDefinition, assign, overallOf, requirementsOf } from './requirements-engine.test-kit.ts';

let t: TestApp;
let org: TestOrganization;
let admin: TestMember;
let definitionId: string;

beforeAll(async () => {
  t = await createTestApp();
  org = await createTestOrganization(t);
  admin = await addTestMember(t, org, org.root, 'Admin');
  definitionId = await addDefinition(t, org, { name: 'Concussion waiver', type: 2 });
  await assign(t, org, definitionId, org.division, org.labelIds.member);
});
afterAll(async () => t.close());

/** The invitation link's token in the newest mail to an address. */
async function latestToken(email: string): Promise<string> {
  const last = (await mailTo(t, email)).at(-1);
  const token = /\/signup\?token=([A-Za-z0-9_-]+)/.exec(last?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

const activeCount = async (profileId: string) =>
  (await requirementsOf(t, org, profileId)).filter((r) => r.active).length;

describe('callers refresh members’ requirements in their transaction', () => {
  it('invite and accept: the invited member has the requirement at once, Invite Pending, then Incomplete', async () => {
    const body = {
      email: `invited.${Date.now()}@example.org`,
      firstName: 'Sam',
      lastName: 'Rivera',
      hierarchyLevelId: org.team.id,
      labelId: org.labelIds.member,
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation',
      headers: admin.auth,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const { profileId, profileLevelAccessId } = res.json<{
      profileId: string;
      profileLevelAccessId: string;
    }>();
    expect(await activeCount(profileId)).toBe(1);
    expect(await overallOf(t, profileLevelAccessId)).toBe(MemberOverallStatus.NotActivated);

    await t.createUser({ email: body.email });
    const signedIn = await t.signIn(body.email);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/app/invitation/accept',
      headers: { authorization: `Bearer ${signedIn.access_token}` },
      payload: { token: await latestToken(body.email) },
    });
    expect(accepted.statusCode).toBe(200);
    expect(await overallOf(t, profileLevelAccessId)).toBe(MemberOverallStatus.Incomplete);
  });

  it('change-role: a new label drops the requirement, the old one brings the same row back', async () => {
    const m = await addTestMember(t, org, org.team, 'member');
    const changeRole = (labelId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/app/profile/change-role?profileLevelAccessId=${m.profileLevelAccessId}&newLabelId=${labelId}`,
        headers: admin.auth,
      });
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [m.profileId] });
    expect(await activeCount(m.profileId)).toBe(1);
    expect((await changeRole(org.labelIds.Manager)).statusCode).toBe(204);
    expect(await activeCount(m.profileId)).toBe(0);
    expect((await changeRole(org.labelIds.member)).statusCode).toBe(204);
    expect(await activeCount(m.profileId)).toBe(1);
    expect(await requirementsOf(t, org, m.profileId)).toHaveLength(1);
  });

  it('archive: the archived member keeps the history but loses the requirement', async () => {
    const m = await addTestMember(t, org, org.team, 'member');
    await refreshMemberRequirements(t.database.db, org.id, { profileIds: [m.profileId] });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/app/profile/profile-level-access/${m.profileLevelAccessId}`,
      headers: admin.auth,
    });
    expect(res.statusCode).toBe(204);
    const rows = await requirementsOf(t, org, m.profileId);
    expect(rows.map((r) => r.active)).toEqual([false]);
  });

  it('level move: a team moved out from under the division loses what the division assigned', async () => {
    const other = await addTestLevel(t, org.id, 'Other', org.root);
    const team = await addTestLevel(t, org.id, 'Moving team', org.division);
    const m = await addTestMember(t, org, team, 'member');
    const [access] = await t.database.db
      .select({ id: profileLevelAccesses.id })
      .from(profileLevelAccesses)
      .where(
        and(eq(profileLevelAccesses.profileId, m.profileId), eq(profileLevelAccesses.organizationId, org.id)),
      );
    const moveTo = (parentId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/app/hierarchy-level/${team.id}/move`,
        headers: admin.auth,
        payload: { parentId },
      });
    expect((await moveTo(other.id)).statusCode).toBe(200);
    expect(await activeCount(m.profileId)).toBe(0);
    expect(await overallOf(t, access?.id ?? '')).toBe(MemberOverallStatus.NoRequirements);
    expect((await moveTo(org.division.id)).statusCode).toBe(200);
    expect(await activeCount(m.profileId)).toBe(1);
  });
});
