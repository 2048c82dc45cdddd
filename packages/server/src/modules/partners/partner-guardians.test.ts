import type {
  LeagueAppsRegistration,
  LeagueAppsSandbox,
} from '@touchline/sandbox/leagueapps/leagueapps-sandbox';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.ts';
import type { TestMember, TestOrganization } from '../../../test/factories.ts';
import {
  invitations,
  labels,
  partnerConnections,
  partnerRegistrations,
  profileLevelAccesses,
  profiles,
} from '../../db/schema/index.ts';
import { jobDepsOf } from '../../jobs/job-deps.ts';
import { applyRegistration, syncPartnerConnection } from './partners-sync.ts';
import {
  siteId,
  startPartnersTestBed,
  stopPartnersTestBed,
  type PartnersTestBed,
} from './partners.test-kit.ts';

// Issue 31 / ADR 041 part five: a partner registration for a child (a parent with an e-mail, none of the child's own)
// invites the guardian and places the child as the guardian's child profile at the mapped level and label — one
// guardian and one child however often, in whatever order and by however many workers the registrations arrive.

let bed: PartnersTestBed;
let sandbox: LeagueAppsSandbox;
let t: TestApp;
let org: TestOrganization;
let admin: TestMember;
let manager: TestMember;
let otherAdmin: TestMember;
let existing: TestMember;
let connectionId = '';
let parentLabelId = '';
const sync = () => syncPartnerConnection(jobDepsOf(t.app), connectionId);
const base = () => `/api/app/organization/${org.id}/partners`;

let sequence = 0;
function child(over: Partial<LeagueAppsRegistration> = {}): Omit<LeagueAppsRegistration, 'lastUpdated'> {
  sequence += 1;
  return {
    id: String(2000 + sequence),
    userId: String(7000 + sequence),
    programId: '77',
    programName: 'U12 Spring League',
    role: 'PLAYER',
    registrationStatus: 'ACTIVE',
    paymentStatus: 'PAID',
    placed: true,
    firstName: `Child${sequence}`,
    lastName: 'Family',
    email: '',
    birthDate: '2015-03-04',
    address: { address1: '9 Elm St', city: 'Springfield', state: 'IL', zipCode: '62704' },
    parent: { firstName: 'Pat', lastName: 'Family', email: 'pat.family@example.org' },
    emergencyContact: { name: 'Lee Family', phone: '217-555-0199' },
    ...over,
  };
}

const guardiansNamed = (email: string) =>
  t.database.db
    .select()
    .from(profiles)
    .where(and(eq(profiles.organizationId, org.id), sql`lower(${profiles.email}::text) = lower(${email})`));
const childrenOf = (guardianId: string) =>
  t.database.db.select().from(profiles).where(eq(profiles.guardianProfileId, guardianId));
const liveAccessesOf = (profileId: string) =>
  t.database.db
    .select()
    .from(profileLevelAccesses)
    .where(and(eq(profileLevelAccesses.profileId, profileId), isNull(profileLevelAccesses.deletedAt)));
const rowOf = async (registrationId: string) =>
  (
    await t.database.db
      .select()
      .from(partnerRegistrations)
      .where(eq(partnerRegistrations.registrationId, registrationId))
  )[0]!;

beforeAll(async () => {
  bed = await startPartnersTestBed();
  ({ sandbox, t, org, admin, manager, otherAdmin, existing } = bed);
  const connected = await t.app.inject({
    method: 'POST',
    url: base(),
    headers: admin.auth,
    payload: { providerType: 'LeagueApps', siteId, ...bed.key },
  });
  expect(connected.statusCode).toBe(201);
  connectionId = connected.json<{ id: string }>().id;
  const [parent] = await t.database.db
    .insert(labels)
    .values({ organizationId: org.id, name: 'Parent' })
    .returning({ id: labels.id });
  parentLabelId = parent!.id;
  const mapped = await t.app.inject({
    method: 'PUT',
    url: `${base()}/${connectionId}/mappings/77`,
    headers: admin.auth,
    payload: {
      hierarchyLevelId: org.team.id,
      labelId: org.labelIds.member,
      roleLabels: { PARENT: parentLabelId },
    },
  });
  expect(mapped.statusCode).toBe(200);
});
afterAll(() => stopPartnersTestBed(bed));

describe('a child registered by a guardian', () => {
  const first = child();
  // The sibling: LeagueApps gives the parent's address as the child's (same address, other case).
  const second = child({ email: 'PAT.Family@example.org' });

  it('invites the guardian once and places each child under them; replays and two workers change nothing', async () => {
    sandbox.putRegistration(siteId, first);
    sandbox.putRegistration(siteId, second);
    await sync();
    // Replay everything, twice at once (two workers).
    await t.database.db
      .update(partnerConnections)
      .set({ cursor: null })
      .where(eq(partnerConnections.id, connectionId));
    await Promise.all([sync(), sync()]);

    const guardians = await guardiansNamed('pat.family@example.org');
    expect(guardians).toHaveLength(1);
    const guardian = guardians[0]!;
    expect([guardian.firstName, guardian.lastName, guardian.guardianProfileId]).toEqual([
      'Pat',
      'Family',
      null,
    ]);
    const [guardianAccess, ...moreGuardianAccesses] = await liveAccessesOf(guardian.id);
    expect(moreGuardianAccesses).toEqual([]);
    expect(guardianAccess).toMatchObject({
      hierarchyLevelId: org.team.id,
      labelId: parentLabelId,
      externalId: null,
    });
    const sent = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.profileLevelAccessId, guardianAccess!.id));
    expect(sent.map((i) => i.email)).toEqual(['pat.family@example.org']);

    const kids = await childrenOf(guardian.id);
    expect(kids.map((k) => [k.firstName, k.email, k.dateOfBirth]).sort()).toEqual([
      [first.firstName, null, null],
      [second.firstName, null, null],
    ]);
    for (const [kid, registration] of [
      [kids.find((k) => k.firstName === first.firstName)!, first],
      [kids.find((k) => k.firstName === second.firstName)!, second],
    ] as const) {
      const accesses = await liveAccessesOf(kid.id);
      expect(accesses.map((a) => [a.hierarchyLevelId, a.labelId, a.externalId])).toEqual([
        [org.team.id, org.labelIds.member, registration.userId],
      ]);
      // No invitation for the child: the guardian answers for them.
      expect(await t.database.db.select().from(invitations).where(eq(invitations.profileId, kid.id))).toEqual(
        [],
      );
      expect(await rowOf(registration.id)).toMatchObject({
        status: 'invited',
        profileLevelAccessId: accesses[0]!.id,
        guardianProfileLevelAccessId: guardianAccess!.id,
        prefill: { firstName: registration.firstName, emergencyContact: { name: 'Lee Family' } },
        guardianPrefill: {
          firstName: 'Pat',
          lastName: 'Family',
          email: 'pat.family@example.org',
          address: { line1: '9 Elm St', city: 'Springfield' },
        },
      });
    }
    const [made, reused] = [await rowOf(first.id), await rowOf(second.id)];
    expect([made.guardianAccessMade, reused.guardianAccessMade]).toEqual([true, false]);
    // The mapping's preview counts the guardians the children's registrations brought as the partner role PARENT.
    const programs = await t.app.inject({
      method: 'GET',
      url: `${base()}/${connectionId}/programs`,
      headers: admin.auth,
    });
    expect(programs.json()[0].roles).toEqual([
      { role: 'PARENT', registrations: 2, labelId: parentLabelId, labelName: 'Parent' },
      { role: 'PLAYER', registrations: 2, labelId: null, labelName: null },
    ]);
  });

  it('reordering: an older change arriving late is ignored; a withdrawal read first makes no child at all', async () => {
    const [connection] = await t.database.db
      .select()
      .from(partnerConnections)
      .where(eq(partnerConnections.id, connectionId));
    const stamp = (await rowOf(first.id)).partnerUpdatedAt;
    const apply = (r: Omit<LeagueAppsRegistration, 'lastUpdated'>, updatedAt: number, withdrawn: boolean) =>
      t.database.db.transaction((tx) =>
        applyRegistration(jobDepsOf(t.app), tx, connection!, {
          registrationId: r.id,
          memberId: r.userId,
          programId: r.programId,
          programName: r.programName,
          role: r.role,
          withdrawn,
          ready: !withdrawn,
          updatedAt,
          person: {
            firstName: r.firstName,
            lastName: r.lastName,
            email: '',
            dateOfBirth: null,
            phone: null,
            address: null,
            guardian: { firstName: 'Pat', lastName: 'Family', email: 'pat.family@example.org' },
            emergencyContact: null,
          },
        }),
      );
    // The first child's older copy, withdrawn, arrives late: nothing moves.
    await apply(first, stamp - 1, true);
    expect((await rowOf(first.id)).status).toBe('invited');
    // A third child's withdrawal is read before its registration: the registration, older, never lands.
    const third = child();
    await apply(third, 2_000, true);
    await apply(third, 1_000, false);
    expect((await rowOf(third.id)).status).toBe('withdrawn');
    const guardian = (await guardiansNamed('pat.family@example.org'))[0]!;
    expect((await childrenOf(guardian.id)).map((k) => k.firstName)).not.toContain(third.firstName);
  });

  it('the same child in a second program lands on the same child profile', async () => {
    const mapped = await t.app.inject({
      method: 'PUT',
      url: `${base()}/${connectionId}/mappings/88`,
      headers: admin.auth,
      payload: { hierarchyLevelId: org.division.id, labelId: org.labelIds.member },
    });
    expect(mapped.statusCode).toBe(200);
    sandbox.putRegistration(siteId, { ...first, id: '2999', programId: '88', programName: 'U12 Fall' });
    await sync();
    const guardian = (await guardiansNamed('pat.family@example.org'))[0]!;
    const kids = await childrenOf(guardian.id);
    expect(kids.filter((k) => k.firstName === first.firstName)).toHaveLength(1);
    const kid = kids.find((k) => k.firstName === first.firstName)!;
    expect((await liveAccessesOf(kid.id)).map((a) => a.hierarchyLevelId).sort()).toEqual(
      [org.team.id, org.division.id].sort(),
    );
    // The guardian is invited at the division too, under the program's label (no PARENT label mapped there).
    const guardianAccesses = await liveAccessesOf(guardian.id);
    expect(guardianAccesses.map((a) => [a.hierarchyLevelId, a.labelId]).sort()).toEqual(
      [
        [org.team.id, parentLabelId],
        [org.division.id, org.labelIds.member],
      ].sort(),
    );
  });

  it('a withdrawn child archives their access; the guardian keeps theirs until the last child there goes', async () => {
    const guardian = (await guardiansNamed('pat.family@example.org'))[0]!;
    const teamAccess = (await liveAccessesOf(guardian.id)).find((a) => a.hierarchyLevelId === org.team.id)!;
    sandbox.putRegistration(siteId, { ...first, registrationStatus: 'WITHDRAWN' });
    await sync();
    const firstAccess = (await rowOf(first.id)).profileLevelAccessId!;
    const [archived] = await t.database.db
      .select()
      .from(profileLevelAccesses)
      .where(eq(profileLevelAccesses.id, firstAccess));
    expect(archived!.deletedAt).not.toBeNull();
    expect((await liveAccessesOf(guardian.id)).map((a) => a.id)).toContain(teamAccess.id);

    sandbox.putRegistration(siteId, { ...second, registrationStatus: 'WITHDRAWN' });
    await sync();
    expect((await liveAccessesOf(guardian.id)).map((a) => a.id)).not.toContain(teamAccess.id);
    const [invitation] = await t.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.profileLevelAccessId, teamAccess.id));
    expect(invitation!.revokedAt).not.toBeNull();
    // Archived, never deleted: the profiles stay.
    expect(await childrenOf(guardian.id)).toHaveLength(2);
  });

  it('a guardian who is already a member at the level keeps their membership: no invitation, never archived', async () => {
    const kid = child({ parent: { firstName: 'Existing', lastName: 'Member', email: existing.email } });
    sandbox.putRegistration(siteId, kid);
    await sync();
    const row = await rowOf(kid.id);
    expect(row).toMatchObject({
      status: 'invited',
      guardianProfileLevelAccessId: existing.profileLevelAccessId,
      guardianAccessMade: false,
    });
    const kids = await childrenOf(existing.profileId);
    expect(kids.map((k) => k.firstName)).toEqual([kid.firstName]);
    expect(
      await t.database.db
        .select()
        .from(invitations)
        .where(eq(invitations.profileLevelAccessId, existing.profileLevelAccessId)),
    ).toEqual([]);
    sandbox.putRegistration(siteId, { ...kid, registrationStatus: 'WITHDRAWN' });
    await sync();
    expect((await liveAccessesOf(existing.profileId)).map((a) => a.id)).toContain(
      existing.profileLevelAccessId,
    );
  });
});

describe('what the partner knows, for the guardian: their own details and their child’s', () => {
  type Who = { auth: Record<string, string> } | null;
  const call = (who: Who, method: 'GET' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: who ? who.auth : {} });
  const url = (id: string) => `/api/app/prefill-provider/prefill-data/${id}`;
  const kid = child({ firstName: 'Robin' });
  let kidAccess = '';

  beforeAll(async () => {
    kid.parent = { firstName: 'Existing', lastName: 'Member', email: existing.email };
    sandbox.putRegistration(siteId, { ...kid, phone: '217-555-0123' });
    await sync();
    kidAccess = (await rowOf(kid.id)).profileLevelAccessId!;
  });

  it('GET prefill-data of the guardian’s own access: 401, 400, 404 another organization, 403 a manager, 200 their details', async () => {
    const mine = url(existing.profileLevelAccessId);
    expect((await call(null, 'GET', mine)).statusCode).toBe(401);
    expect((await call(existing, 'GET', url('not-an-id'))).statusCode).toBe(400);
    expect((await call(otherAdmin, 'GET', mine)).statusCode).toBe(404);
    expect((await call(manager, 'GET', mine)).statusCode).toBe(403);
    const res = await call(existing, 'GET', mine);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      {
        source: { providerType: 'LeagueApps', name: 'LeagueApps' },
        firstName: 'Existing',
        lastName: 'Member',
        dateOfBirth: null,
        email: existing.email,
        phone: '217-555-0123',
        address: { line1: '9 Elm St', city: 'Springfield', state: 'IL', postalCode: '62704' },
        guardian: null,
        emergencyContact: null,
      },
    ]);
  });

  it('GET prefill-data of the child’s access: the child’s address and emergency contact, to the guardian only', async () => {
    expect((await call(manager, 'GET', url(kidAccess))).statusCode).toBe(403);
    expect((await call(otherAdmin, 'GET', url(kidAccess))).statusCode).toBe(404);
    const res = await call(existing, 'GET', url(kidAccess));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Robin',
      dateOfBirth: '2015-03-04',
      address: { line1: '9 Elm St', postalCode: '62704' },
      emergencyContact: { name: 'Lee Family', phone: '217-555-0199' },
      guardian: { email: existing.email },
    });
  });

  it('the guardian’s partner (partner-from-current-profile and the active profile) names their own access', async () => {
    const found = await call(existing, 'GET', '/api/app/profile/partner-from-current-profile');
    expect(found.json()).toMatchObject({
      providerType: 'LeagueApps',
      logo: '/partners/leagueapps.svg',
      profileLevelAccessId: existing.profileLevelAccessId,
    });
    const active = await call(existing, 'GET', `/api/app/profile?AppUserId=${existing.userId}`);
    expect(active.json().partner).toEqual(found.json());
  });

  it('DELETE the guardian’s prefill lets go of their details only; the child’s stays until used', async () => {
    expect((await call(manager, 'DELETE', url(existing.profileLevelAccessId))).statusCode).toBe(403);
    expect((await call(existing, 'DELETE', url(existing.profileLevelAccessId))).statusCode).toBe(204);
    expect((await call(existing, 'GET', url(existing.profileLevelAccessId))).statusCode).toBe(204);
    expect((await call(existing, 'GET', url(kidAccess))).statusCode).toBe(200);
    // A later sync does not bring the guardian's details back.
    sandbox.putRegistration(siteId, { ...kid, phone: '217-555-0124' });
    await sync();
    expect((await rowOf(kid.id)).guardianPrefill).toBeNull();
  });
});
