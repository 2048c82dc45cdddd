import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { encode } from 'uqr';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import type { ClearanceCard } from '@touchline/contracts/game-day';
import {
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import { createTestSuite, type TestMember } from '../../../test/factories.ts';
import { readPdf, type PdfFill } from '../../../test/pdf-content.ts';

// The printable clearance card (issue 33, ADR 044): who may print it, what it says, and that it holds nothing about
// the member beyond what the card shows (no date of birth, e-mail, ids in clear, photo; the QR code carries the
// signed token of opaque ids only).

const suite = await createTestSuite({
  manager: ['team', 'Manager'],
  player: ['team', 'member', { firstName: 'Pat', lastName: 'Player' }],
  expired: ['team', 'member', { firstName: 'Eddie', lastName: 'Expired' }],
  outsider: ['team', 'member', { in: 'other' }],
  otherManager: ['team', 'Manager', { in: 'other' }],
});
const { t, org, members: m } = suite;
const deps = t.app.deps as { clock: () => Date };
const realClock = deps.clock;
const dateOfBirth = '2014-05-17';
const ussfId = '2099123456789012';

beforeAll(async () => {
  // Cards issued at a known time, so the page's "good until" reads the same in every run.
  deps.clock = () => new Date('2030-03-04T09:05:00Z');
  const db = t.database.db;
  await db.update(profiles).set({ dateOfBirth, ussfId }).where(eq(profiles.id, m.player.profileId));
  const [training, check] = await db
    .insert(requirementDefinitions)
    .values([
      { organizationId: org.id, type: 1, name: 'Abuse-prevention training' },
      { organizationId: org.id, type: 1, name: 'Background check' },
    ])
    .returning({ id: requirementDefinitions.id });
  // Cleared, until the training expires (the earlier of the two).
  await db.insert(memberRequirements).values([
    {
      organizationId: org.id,
      profileId: m.player.profileId,
      definitionId: training!.id,
      status: RequirementStatus.Completed,
      expiresAt: '2030-06-15',
    },
    {
      organizationId: org.id,
      profileId: m.player.profileId,
      definitionId: check!.id,
      status: RequirementStatus.Completed,
      expiresAt: '2031-01-02',
    },
    // Not cleared: the training expired.
    {
      organizationId: org.id,
      profileId: m.expired.profileId,
      definitionId: training!.id,
      status: RequirementStatus.Expired,
      expiresAt: '2030-02-03',
    },
  ]);
  await db
    .update(profileLevelAccesses)
    .set({ overallStatus: MemberOverallStatus.Cleared })
    .where(eq(profileLevelAccesses.id, m.player.profileLevelAccessId));
  await db
    .update(profileLevelAccesses)
    .set({ overallStatus: MemberOverallStatus.Incomplete })
    .where(eq(profileLevelAccesses.id, m.expired.profileLevelAccessId));
});
afterAll(() => {
  deps.clock = realClock;
  return t.close();
});

const pdf = (who: TestMember | null, id: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/app/game-day/cards/${id}/pdf`,
    ...(who ? { headers: who.auth } : {}),
  });
const cardOf = async (who: TestMember, id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/app/game-day/cards/${id}`, headers: who.auth })
  ).json() as ClearanceCard;

/**
 * The QR code's modules read back from the page's black shapes (its quiet zone of 2 white modules left out), and the
 * size of a module in points.
 */
function modulesOf(fills: PdfFill[], size: number): { grid: boolean[][]; cell: number } {
  const dark = fills.filter((f) => f.color === '0 0 0');
  const left = Math.min(...dark.map((f) => f.x));
  const top = Math.max(...dark.map((f) => f.y + f.height));
  // The finder patterns reach the code's edges: the dark area spans all but the quiet zone's modules.
  const cell = (Math.max(...dark.map((f) => f.x + f.width)) - left) / (size - 4);
  const grid = Array.from({ length: size - 4 }, () => Array.from({ length: size - 4 }, () => false));
  for (const f of dark) {
    const [c0, c1] = [Math.round((f.x - left) / cell), Math.round((f.x + f.width - left) / cell)];
    const [r0, r1] = [Math.round((top - f.y - f.height) / cell), Math.round((top - f.y) / cell)];
    for (let r = r0; r < r1; r++) for (let c = c0; c < c1; c++) grid[r]![c] = true;
  }
  return { grid, cell };
}

describe('the printable card', () => {
  it('401, 400, 404 for another organization’s member, 403 for another member', async () => {
    expect((await pdf(null, m.player.profileLevelAccessId)).statusCode).toBe(401);
    expect((await pdf(m.player, 'x')).statusCode).toBe(400);
    expect((await pdf(m.player, m.outsider.profileLevelAccessId)).statusCode).toBe(404);
    expect((await pdf(m.otherManager, m.player.profileLevelAccessId)).statusCode).toBe(404);
    expect((await pdf(m.player, m.manager.profileLevelAccessId)).statusCode).toBe(403);
  });

  it('a cleared member’s page: name, team, state, valid-until, and the card’s code; nothing more about them', async () => {
    const card = await cardOf(m.player, m.player.profileLevelAccessId);
    const res = await pdf(m.player, m.player.profileLevelAccessId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const read = await readPdf(res.rawPayload);
    expect(read.pages).toHaveLength(1);
    const [page] = read.pages;
    // Everything the page writes, in order (the last sentence may wrap).
    const lines = page!.texts.map((x) => x.text);
    expect(lines.slice(0, 5)).toEqual([
      org.name,
      'Pat Player',
      'Team · Player',
      'Cleared',
      'Valid until 15 Jun 2030',
    ]);
    expect(lines.slice(5).join(' ')).toBe(
      'Scan at the field. This code is good until 5 Mar 2030, 09:05 UTC.',
    );
    // All of it on the page, above its bottom margin.
    for (const text of page!.texts) {
      expect(text.x).toBeGreaterThanOrEqual(20);
      expect(text.y).toBeGreaterThan(10);
      expect(text.y).toBeLessThan(page!.height - 20);
    }
    expect(read.info).toEqual({
      title: 'Clearance card: Pat Player',
      author: undefined,
      subject: undefined,
      keywords: undefined,
      creator: 'Touchline',
    });
    // No photo, and none of what the card does not show, anywhere in the file.
    expect(read.images).toBe(0);
    for (const secret of [
      dateOfBirth,
      'May 17',
      '17 May',
      ussfId,
      m.player.email,
      m.player.profileId,
      m.player.profileLevelAccessId,
      org.id,
    ])
      expect(read.everything).not.toContain(secret);
    // The QR code is the card's signed token, module for module, and the token carries opaque ids only.
    const qr = encode(card.token, { ecc: 'M', border: 2 });
    const drawn = modulesOf(page!.fills, qr.size);
    expect(drawn.grid).toEqual(qr.data.slice(2, -2).map((row) => row.slice(2, -2)));
    expect(Object.keys(decodeJwt(card.token)).sort()).toEqual(['exp', 'iat', 'iss', 'jti', 'org', 'sub']);
    // A module of 0.8 mm or more: a phone reads it at arm's length. The band behind the state is green.
    expect(drawn.cell).toBeGreaterThanOrEqual((0.8 * 72) / 25.4);
    expect(page!.fills.find((f) => f.color !== '0 0 0')?.color).toBe('0.016 0.47 0.34');
  });

  it('a member not cleared: the state on red and the reason in words, no valid-until', async () => {
    const res = await pdf(m.manager, m.expired.profileLevelAccessId);
    expect(res.statusCode).toBe(200);
    const [page] = (await readPdf(res.rawPayload)).pages;
    const lines = page!.texts.map((x) => x.text);
    expect(lines.slice(0, 5)).toEqual([
      org.name,
      'Eddie Expired',
      'Team · Player',
      'Not cleared',
      'Abuse-prevention training expired 3 Feb',
    ]);
    expect(lines.join(' ')).not.toContain('Valid until');
    expect(lines.slice(5).join(' ')).toMatch(
      /^Scan at the field\. This code is good until 5 Mar 2030, 09:05 UTC\.$/,
    );
    expect(page!.fills.find((f) => f.color !== '0 0 0')?.color).toBe('0.73 0.11 0.11');
  });
});
