import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationMessages } from '@touchline/contracts/invitations';
import {
  membersImportPreviewSchema,
  membersImportResultSchema,
  membersImportTemplateCsv,
} from '@touchline/contracts/member-admin';
import { MemberOverallStatus } from '@touchline/contracts/members';
import type { TestApp } from '../../../test/app.ts';
import {
  addTestLevel,
  type TestMember,
  type TestOrganization,
  createTestSuite,
} from '../../../test/factories.ts';
import { auditEvents, invitations, profileLevelAccesses, profiles } from '../../db/schema/index.ts';
import { mailTo } from '../../../test/mail.ts';

describe('importing members from CSV', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let divisionManager: TestMember;
  let player: TestMember;

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, divisionManager, player },
    } = await createTestSuite({
      admin: ['root', 'Admin'],
      divisionManager: ['division', 'Manager'],
      player: ['team', 'member'],
    }));
    // A second "Team" elsewhere makes the bare name ambiguous from the root.
    const east = await addTestLevel(t, org.id, 'East', org.root);
    await addTestLevel(t, org.id, 'Team', east);
  });
  afterAll(() => t.close());

  const post = (
    auth: { authorization: string },
    levelId: string,
    csv: string,
    preview: boolean,
    mode?: string,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/app/hierarchy-level/${levelId}/members-import${preview ? '/preview' : ''}`,
      headers: auth,
      payload: { csv, ...(mode ? { mode } : {}) },
    });
  const accessCount = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(profileLevelAccesses)
        .where(eq(profileLevelAccesses.organizationId, org.id))
    )[0]?.n;
  const stamp = Date.now();

  it('guards both calls: 401, 404 another organization, 403 role too low, 400 not a CSV', async () => {
    const csv = `firstName,lastName,email\nAva,Nguyen,ava.${stamp}@example.org\n`;
    for (const preview of [true, false]) {
      expect((await post({ authorization: '' }, org.team.id, csv, preview)).statusCode).toBe(401);
      expect((await post(admin.auth, other.team.id, csv, preview)).statusCode).toBe(404);
      expect((await post(player.auth, org.team.id, csv, preview)).statusCode).toBe(403);
      expect((await post(divisionManager.auth, org.root.id, csv, preview)).statusCode).toBe(403);
      const bad = await post(admin.auth, org.team.id, 'name,mail\nx,y\n', preview);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.validationErrors[0]).toMatchObject({ field: 'csv' });
    }
    const before = await accessCount();
    expect((await post(admin.auth, org.team.id, 'firstName,lastName,email\n', false)).statusCode).toBe(400);
    expect((await post(admin.auth, org.team.id, '"unclosed', true)).statusCode).toBe(400);
    expect(await accessCount()).toBe(before);
  });

  it('previews every row with its resolved level and label, and every kind of error', async () => {
    const csv = [
      'FirstName,LASTNAME,Email,Role,Level,ExternalId,DateOfBirth',
      `Ava,Nguyen,ava.${stamp}@example.org,,,,2012-04-12`,
      `Liam,Okafor,liam.${stamp}@example.org,director,Division/Team,X1,`,
      `Maya,Smith,not-an-address,Coach,Nowhere,,2099-01-01`,
      `,Patel,AVA.${stamp}@example.org,,Team,,`,
      `Noah,Kim,${player.email},,Division/Team,,`,
      `Zoe,Brown,zoe.${stamp}@example.org,,Team,,`,
    ].join('\n');
    const res = await post(divisionManager.auth, org.division.id, csv, true);
    expect(res.statusCode).toBe(200);
    const preview = membersImportPreviewSchema.parse(res.json());
    expect(preview).toMatchObject({ totalRows: 6, invalidRows: 4, canImport: false });
    const [ava, liam, maya, dup, existing, zoe] = preview.rows;
    expect(ava).toMatchObject({
      rowNumber: 2,
      roleLabel: 'Player',
      hierarchyLevelId: org.division.id,
      levelName: 'Division',
      dateOfBirth: '2012-04-12',
      errors: [],
    });
    // The Manager may not give the Director label (it carries a role).
    expect(liam?.errors).toEqual([
      { column: 'role', message: 'Only an administrator at Team can give the role Director' },
    ]);
    expect(liam?.hierarchyLevelId).toBe(org.team.id);
    expect(maya?.errors.map((e) => e.column)).toEqual(['email', 'role', 'level', 'dateOfBirth']);
    expect(dup?.errors).toEqual([
      { column: 'firstName', message: 'Enter the first name' },
      { column: 'email', message: 'This e-mail address is already on row 2' },
    ]);
    expect(existing?.errors).toEqual([{ column: 'email', message: invitationMessages.alreadyMember }]);
    expect(zoe).toMatchObject({ hierarchyLevelId: org.team.id, levelName: 'Team', errors: [] });

    const fromRoot = membersImportPreviewSchema.parse(
      (
        await post(
          admin.auth,
          org.root.id,
          `firstName,lastName,email,level\nA,B,ab.${stamp}@example.org,Team\n`,
          true,
        )
      ).json(),
    );
    expect(fromRoot.rows[0]?.errors[0]?.message).toContain('More than one level');
  });

  it('imports nothing when one row is bad, and says which', async () => {
    const before = await accessCount();
    const csv = `firstName,lastName,email\nGood,Row,good.${stamp}@example.org\nBad,Row,bad-address\n`;
    const res = await post(admin.auth, org.team.id, csv, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Nothing was imported: 1 of 2 rows have errors');
    expect(res.json().error.validationErrors).toEqual([
      { field: 'rows.3.email', in: 'body', message: 'Enter a valid e-mail address' },
    ]);
    expect(await accessCount()).toBe(before);
    expect(await mailTo(t, `good.${stamp}@example.org`)).toHaveLength(0);
  });

  it('in valid mode imports the good rows whole and reports the bad ones with line and reason (issue 18 item 5)', async () => {
    const csv = [
      'firstName,lastName,email,role,level',
      `Kai,One,kai.${stamp}@example.org,,`,
      `Bad,Address,not-an-address,,`,
      `Lea,Two,lea.${stamp}@example.org,,Team`,
      `Rex,Three,rex.${stamp}@example.org,Wizard,`,
    ].join('\n');
    expect((await post(admin.auth, org.division.id, csv, false, 'some')).statusCode).toBe(400);
    expect((await post({ authorization: '' }, org.division.id, csv, false, 'valid')).statusCode).toBe(401);
    expect((await post(admin.auth, other.division.id, csv, false, 'valid')).statusCode).toBe(404);
    expect((await post(player.auth, org.team.id, csv, false, 'valid')).statusCode).toBe(403);
    const before = await accessCount();
    const res = await post(divisionManager.auth, org.division.id, csv, false, 'valid');
    expect(res.statusCode, res.body).toBe(200);
    const result = membersImportResultSchema.parse(res.json());
    expect(result).toMatchObject({ importedCount: 2, newProfiles: 2, existingProfiles: 0 });
    expect(
      result.skippedRows.map((r) => [r.rowNumber, r.email, r.roleText, r.errors.map((e) => e.message)]),
    ).toEqual([
      [3, 'not-an-address', '', ['Enter a valid e-mail address']],
      [5, `rex.${stamp}@example.org`, 'Wizard', ['No role is named "Wizard"']],
    ]);
    expect(await accessCount()).toBe((before ?? 0) + 2);
    expect(await mailTo(t, `kai.${stamp}@example.org`)).toHaveLength(1);
    expect(await mailTo(t, `lea.${stamp}@example.org`)).toHaveLength(1);
    expect(await mailTo(t, `rex.${stamp}@example.org`)).toHaveLength(0);
    // The download of the left-out rows adds line and problems columns: a fixed copy imports as it is.
    const fixed = `firstName,lastName,email,role,level,externalId,dateOfBirth,line,problems\nRex,Three,rex.${stamp}@example.org,,,,,5,"role: No role"\n`;
    const again = membersImportPreviewSchema.parse(
      (await post(admin.auth, org.division.id, fixed, true)).json(),
    );
    expect(again).toMatchObject({ totalRows: 1, invalidRows: 0 });
    // Every row bad: nothing to import, in either mode.
    const none = await post(
      admin.auth,
      org.division.id,
      'firstName,lastName,email\nA,B,nope\n',
      false,
      'valid',
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Nothing was imported: all 1 rows have errors');
    expect(await accessCount()).toBe((before ?? 0) + 2);
  });

  it('imports 200 members in one go, invites each, and audits one event with the counts', async () => {
    const rows = Array.from(
      { length: 200 },
      (_, i) => `First${i},Last${i},bulk${i}.${stamp}@example.org,,${i % 2 ? 'Team' : ''},EXT-${i},`,
    );
    const csv = ['firstName,lastName,email,role,level,externalId,dateOfBirth', ...rows].join('\n');
    const preview = membersImportPreviewSchema.parse(
      (await post(divisionManager.auth, org.division.id, csv, true)).json(),
    );
    expect(preview).toMatchObject({ totalRows: 200, invalidRows: 0, canImport: true });
    const res = await post(divisionManager.auth, org.division.id, csv, false);
    expect(res.statusCode).toBe(200);
    expect(membersImportResultSchema.parse(res.json())).toEqual({
      importedCount: 200,
      newProfiles: 200,
      existingProfiles: 0,
      skippedRows: [],
    });

    const imported = await t.database.db
      .select({ level: profileLevelAccesses.hierarchyLevelId, status: profileLevelAccesses.overallStatus })
      .from(profileLevelAccesses)
      .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
      .where(
        and(eq(profileLevelAccesses.organizationId, org.id), eq(profileLevelAccesses.externalId, 'EXT-7')),
      );
    expect(imported).toEqual([{ level: org.team.id, status: MemberOverallStatus.NotActivated }]);
    const [sent] = await t.database.db
      .select({ n: count() })
      .from(invitations)
      .where(eq(invitations.organizationId, org.id));
    expect(sent?.n).toBeGreaterThanOrEqual(200);
    expect(await mailTo(t, `bulk199.${stamp}@example.org`)).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org.id), eq(auditEvents.action, 'members.imported')))
      .orderBy(auditEvents.createdAt);
    // One event per import (the partial import above wrote its own, with the rows it skipped).
    expect(events.map((e) => e.data)).toEqual([
      { importedCount: 2, newProfiles: 2, existingProfiles: 0, skippedRows: 2, mode: 'valid' },
      { importedCount: 200, newProfiles: 200, existingProfiles: 0, skippedRows: 0, mode: 'all' },
    ]);

    // The same file again: every row is now already a member.
    const again = membersImportPreviewSchema.parse(
      (await post(admin.auth, org.division.id, csv, true)).json(),
    );
    expect(again.invalidRows).toBe(200);
  });

  it('accepts the downloadable template, and refuses more than 1,000 rows', async () => {
    const template = membersImportPreviewSchema.parse(
      (await post(admin.auth, org.team.id, membersImportTemplateCsv, true)).json(),
    );
    expect(template.canImport).toBe(true);
    const tooMany = [
      'firstName,lastName,email',
      ...Array.from({ length: 1001 }, (_, i) => `A,B,x${i}@example.org`),
    ];
    const res = await post(admin.auth, org.team.id, tooMany.join('\n'), true);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('at most 1000');
  });
});
