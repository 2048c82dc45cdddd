import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveStatus, MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { TestApp } from '../../../test/app.ts';
import { createTestSuite, type TestMember, type TestOrganization } from '../../../test/factories.ts';
import { dashboardMembersQuerySchema } from '@touchline/contracts/dashboard';
import { escapeFormula, exportPages } from './dashboard-export.ts';
import { rowsOf } from './dashboard.queries.ts';
import { exportRowsStatement } from './dashboard.sql.ts';
import { addTestDefinitions, levelsUrl, seedDashboardMember } from './dashboard-test-kit.ts';

describe('GET …/members/status-download', () => {
  let t: TestApp;
  let org: TestOrganization;
  let other: TestOrganization;
  let admin: TestMember;
  let player: TestMember;

  beforeAll(async () => {
    ({
      t,
      org,
      other,
      members: { admin, player },
    } = await createTestSuite({
      admin: ['root', 'Admin', { firstName: 'Ada', lastName: 'Root' }],
      player: ['team', 'member', { firstName: 'Pia', lastName: 'Player' }],
    }));
    const [waiver, video] = (await addTestDefinitions(t, org, ['Waiver', '=Video'])) as unknown as [
      { id: string },
      { id: string },
    ];
    await seedDashboardMember(t, org, {
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Émile',
      email: null,
      level: org.team,
      role: 'member',
      overallStatus: MemberOverallStatus.NotActivated,
      groupMembershipStatus: ActiveStatus.Inactive,
      requirements: [
        { definitionId: waiver.id, status: RequirementStatus.Overdue, active: true, updatedAt: new Date(0) },
        {
          definitionId: video.id,
          status: RequirementStatus.Completed,
          active: false,
          updatedAt: new Date(0),
        },
      ],
    });
    await seedDashboardMember(t, org, {
      firstName: 'Bo',
      lastName: 'Zed',
      email: 'bo@zed.test',
      level: org.division,
      role: 'member',
      overallStatus: MemberOverallStatus.Cleared,
      groupMembershipStatus: ActiveStatus.Active,
      requirements: [
        { definitionId: video.id, status: RequirementStatus.Completed, active: true, updatedAt: new Date(0) },
      ],
    });
  });
  afterAll(() => t.close());

  const download = (who: TestMember | null, levelId: string, query = '') =>
    t.app.inject({
      url: `${levelsUrl}/${levelId}/members/status-download${query}`,
      headers: who ? who.auth : {},
    });

  it('401 anonymous, 404 another organization, 403 role too low, 400 bad input', async () => {
    expect((await download(null, org.root.id)).statusCode).toBe(401);
    expect((await download(admin, other.root.id)).statusCode).toBe(404);
    expect((await download(player, org.team.id)).statusCode).toBe(403);
    expect((await download(admin, org.root.id, '?format=pdf')).statusCode).toBe(400);
  });

  it('streams the filtered list as CSV, one line per member, a column per requirement, formulas escaped', async () => {
    const res = await download(admin, org.root.id, '?sortCol=FullName');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=".+ status \d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([
      'First name',
      'Last name',
      'Email',
      'Level',
      'Role',
      'Overall status',
      'Group membership',
      'Last activity',
      'Waiver',
      "'=Video",
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['\'=HYPERLINK("http://evil")', 'Émile'],
      ['Pia', 'Player'],
      ['Ada', 'Root'],
      ['Bo', 'Zed'],
    ]);
    expect(rows[1]?.slice(2)).toEqual([
      '',
      'Team',
      'Player',
      'Invite Pending',
      'Inactive',
      '1970-01-01T00:00:00.000Z',
      'Overdue',
      '',
    ]);
    expect(rows[4]?.slice(8)).toEqual(['', 'Completed']);
    const filtered = parse((await download(admin, org.root.id, '?requirementStatuses=4')).body) as string[][];
    expect(filtered).toHaveLength(2);
  });

  it('streams the CSV compressed when the client asks, decoding to the same file (ADR 029)', async () => {
    const plain = await download(admin, org.root.id, '?sortCol=FullName');
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        url: `${levelsUrl}/${org.root.id}/members/status-download?sortCol=FullName`,
        headers: { ...admin.auth, 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
    // A spreadsheet is already a ZIP: it goes as it is.
    const xlsx = await t.app.inject({
      url: `${levelsUrl}/${org.root.id}/members/status-download?format=xlsx`,
      headers: { ...admin.auth, 'accept-encoding': 'br' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
  });

  it('streams XLSX that a spreadsheet reads back', async () => {
    const res = await download(admin, org.team.id, '?format=xlsx&sortDir=DESC');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Status');
    const values = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1);
    expect(values(1).slice(0, 2)).toEqual(['First name', 'Last name']);
    expect(values(2).slice(0, 2)).toEqual(['Pia', 'Player']);
    expect(values(3).slice(0, 2)).toEqual(['=HYPERLINK("http://evil")', 'Émile']);
    expect(sheet?.rowCount).toBe(3);
  });

  it('reads the same rows in keyset pages of one as in one statement, in every order and direction', async () => {
    const scope = { organizationId: org.id, path: org.root.path };
    for (const sortCol of ['FullName', 'Status', 'Level', 'Role', 'Email', 'LastActivity'])
      for (const sortDir of ['ASC', 'DESC']) {
        const { page: _p, perPage: _pp, ...filter } = dashboardMembersQuerySchema.parse({ sortCol, sortDir });
        const whole = await rowsOf<{ cells: string[] }>(
          t.database.db,
          exportRowsStatement(scope, filter, []),
        );
        const paged: string[][] = [];
        for await (const rows of exportPages(t.database.db, scope, filter, [], 1))
          paged.push(...rows.map((r) => r.cells));
        expect(paged, `${sortCol} ${sortDir}`).toEqual(whole.map((r) => r.cells));
        expect(paged.length).toBeGreaterThan(3);
      }
  });

  it('escapes every formula lead character', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(escapeFormula(`${lead}1`)).toBe(`'${lead}1`);
    expect(escapeFormula('a=1')).toBe('a=1');
  });
});
