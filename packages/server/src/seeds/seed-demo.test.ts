import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField } from '@touchline/contracts/content';
import { formAnswerProblems } from '@touchline/contracts/form-answers';
import { myRequirementsPath } from '@touchline/contracts/member-requirements';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { RequirementStatus } from '@touchline/contracts/requirement-status';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { dueMembers } from '../requirement-core/requirement-reminders.queries.ts';
import { dayOf } from '../requirement-core/engine/calendar.ts';
import {
  listMemberRequirements,
  refreshMemberRequirements,
} from '../modules/requirements/requirements.service.ts';
import { rederiveDateDependentStatuses } from '../requirement-core/requirements-engine.service.ts';
import { localDiskStorage } from '../storage/local-disk-storage.ts';
import { seedDemoActivity } from './seed-demo-activity.ts';
import { findDemoVideo, seedDemoContent } from './seed-demo-content.ts';
import { demoOrganizationName, isEmpty, linkDemoAdminProfile, seedDemoOrganization } from './seed-demo.ts';
import {
  formVersions,
  hierarchyLevels,
  invitations,
  labels,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementEvents,
  requirementFiles,
  requirementSubmissions,
  storedFiles,
} from '../db/schema/index.ts';

describe('the demo league', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seeds an empty database with levels, labels and members', async () => {
    expect(await isEmpty(t.database.db)).toBe(true);
    const seeded = await seedDemoOrganization(t.database.db);
    expect(seeded).toMatchObject({ levels: 9, members: 36 });
    expect(await isEmpty(t.database.db)).toBe(false);

    const db = t.database.db;
    const levels = await db
      .select()
      .from(hierarchyLevels)
      .where(eq(hierarchyLevels.organizationId, seeded.organizationId));
    expect(levels).toHaveLength(9);
    const root = levels.find((l) => l.parentId === null)!;
    expect(root.name).toBe(demoOrganizationName);
    // Every path is the parent's path plus the level's own id: the invariant the subtree queries rely on.
    for (const level of levels) {
      const parent = levels.find((l) => l.id === level.parentId);
      expect(level.path).toBe(`${parent?.path ?? '/'}${level.id}/`);
      expect(level.depth).toBe(parent ? parent.depth + 1 : 0);
    }
    expect(
      (await db.select().from(labels).where(eq(labels.organizationId, seeded.organizationId)))
        .map((l) => l.name)
        .sort(),
    ).toEqual(['Coach', 'Player', 'Volunteer']);
    const members = await db
      .select()
      .from(profiles)
      .where(eq(profiles.organizationId, seeded.organizationId));
    expect(members).toHaveLength(36);
    expect(new Set(members.map((m) => m.email)).size).toBe(36);
    const plas = await db
      .select()
      .from(profileLevelAccesses)
      .where(eq(profileLevelAccesses.organizationId, seeded.organizationId));
    expect(plas.every((p) => p.overallStatus === MemberOverallStatus.NotActivated)).toBe(true);
  });

  it('is not told to anyone by the public system facts', async () => {
    const res = await t.app.inject('/api/system/info');
    expect(res.body).not.toContain(demoOrganizationName);
    expect(res.json()).not.toHaveProperty('demo');
  });
});

describe('the demo league’s history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('spreads the members over the statuses the engine derives from seeded facts, once', async () => {
    const db = t.database.db;
    const { organizationId } = await seedDemoOrganization(db);
    await linkDemoAdminProfile(db, (profileId) =>
      t.createUser({ email: 'admin@demo.touchline.test', roles: ['Admin'], currentProfileId: profileId }),
    );
    const storage = localDiskStorage(path.join(mkdtempSync(path.join(tmpdir(), 'demo-history-')), 'files'));
    expect(await seedDemoContent({ db, storage }, findDemoVideo(undefined))).toBe(5);
    const makeAccount = (m: { email: string; profileId: string }) =>
      t.createUser({ email: m.email, currentProfileId: m.profileId });
    const now = new Date();
    const today = dayOf(now);
    // 6 coaches × 5, 6 volunteers × 2, 24 players × 3 requirements; four never accepted their invitation.
    expect(await seedDemoActivity({ db, storage }, makeAccount, now)).toEqual({
      members: 36,
      accounts: 32,
      requirements: 114,
    });
    expect(await seedDemoActivity({ db, storage }, makeAccount)).toBeNull();

    const members = await db
      .select({ profileId: profiles.id, status: profileLevelAccesses.overallStatus, email: profiles.email })
      .from(profileLevelAccesses)
      .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
      .where(and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profiles.deletedAt)));
    const count = (status: number) => members.filter((m) => m.status === status).length;
    expect(count(MemberOverallStatus.Cleared)).toBe(15);
    expect(count(MemberOverallStatus.NotConfirmed)).toBe(4);
    expect(count(MemberOverallStatus.Incomplete)).toBe(13);
    expect(count(MemberOverallStatus.NotActivated)).toBe(4);

    const rows = await db
      .select()
      .from(memberRequirements)
      .where(eq(memberRequirements.organizationId, organizationId));
    for (const status of [
      RequirementStatus.Completed,
      RequirementStatus.ExpiringSoon,
      RequirementStatus.Expired,
      RequirementStatus.PendingReview,
      RequirementStatus.Overdue,
      RequirementStatus.Rejected,
      RequirementStatus.Incomplete,
    ])
      expect(rows.map((r) => r.status)).toContain(status);
    // The statuses are what the engine derives today, and nothing is left for the daily jobs to do.
    for (const member of members) {
      const viewer = {
        userId: '',
        profileId: member.profileId,
        organizationId,
        platformAdmin: false,
        grants: [],
      };
      const derived = await listMemberRequirements(db, viewer, member.profileId);
      for (const item of derived)
        expect(rows.find((r) => r.id === item.id)?.status, `${member.email}`).toBe(item.status);
    }
    const eventsBefore = await db.$count(requirementEvents);
    await refreshMemberRequirements(db, organizationId, {});
    expect(await rederiveDateDependentStatuses(db, organizationId, new Date())).toBe(0);
    expect(await dueMembers(db, today, 100)).toEqual([]);
    expect(await db.$count(requirementEvents)).toBe(eventsBefore);
    const after = await db
      .select({ id: memberRequirements.id, status: memberRequirements.status })
      .from(memberRequirements)
      .where(eq(memberRequirements.organizationId, organizationId));
    expect(after.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      rows.map(({ id, status }) => ({ id, status })).sort((a, b) => a.id.localeCompare(b.id)),
    );

    // Each requirement's history reads as a chain from its assignment to its status, never in the future.
    const events = await db
      .select()
      .from(requirementEvents)
      .where(eq(requirementEvents.organizationId, organizationId))
      .orderBy(asc(requirementEvents.createdAt));
    for (const row of rows) {
      const mine = events.filter((e) => e.memberRequirementId === row.id);
      expect(mine[0]?.action).toBe('assigned');
      expect(mine[0]?.createdAt).toEqual(row.assignedAt);
      for (const [i, event] of mine.entries()) {
        if (i > 0) expect(event.fromStatus).toBe(mine[i - 1]?.toStatus);
        expect(event.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
      expect(mine.at(-1)?.toStatus).toBe(row.status);
      if (row.completedAt) expect(row.completedAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
    expect(events.filter((e) => e.action === 'review').length).toBeGreaterThan(0);
    expect(events.filter((e) => e.action === 'reminded').length).toBeGreaterThan(0);

    // What members handed in: form answers valid for the version answered, waivers signed with their own name.
    const [version] = await db
      .select()
      .from(formVersions)
      .where(eq(formVersions.organizationId, organizationId));
    const submissions = await db
      .select()
      .from(requirementSubmissions)
      .where(eq(requirementSubmissions.organizationId, organizationId));
    const files = await db
      .select({
        id: requirementFiles.id,
        role: requirementFiles.role,
        row: requirementFiles.memberRequirementId,
      })
      .from(requirementFiles)
      .where(eq(requirementFiles.organizationId, organizationId));
    const forms = submissions.filter((s) => s.kind === 'form');
    expect(forms.length).toBeGreaterThan(10);
    for (const form of forms) {
      const data = form.data as { formVersionId: string; answers: Record<string, string> };
      expect(data.formVersionId).toBe(version?.id);
      const attached = new Map(
        files
          .filter((f) => f.row === form.memberRequirementId && f.role.startsWith('form-attachment:'))
          .map((f) => [f.role.split(':')[1] ?? '', new Set([f.id])]),
      );
      expect(formAnswerProblems((version?.fields ?? []) as FormField[], data.answers, attached)).toEqual([]);
    }
    for (const signature of submissions.filter((s) => s.kind === 'waiver-signature')) {
      const data = signature.data as { typedName: string; memberName: string; waiverText: string };
      expect(data.typedName).toBe(data.memberName);
      expect(data.waiverText).toContain('Riverside Youth Soccer League');
    }
    const [stored] = await db
      .select()
      .from(storedFiles)
      .where(
        and(eq(storedFiles.organizationId, organizationId), eq(storedFiles.purpose, 'requirement-document')),
      );
    const bytes = await storage.get(stored?.storageKey ?? '');
    const head = await new Promise<string>((resolve) =>
      bytes?.once('data', (b) => resolve(String(b).slice(0, 5))),
    );
    expect(head).toBe('%PDF-');

    // Invitations: accepted by the 32 with accounts, still pending for the other four.
    const sent = await db.select().from(invitations).where(eq(invitations.organizationId, organizationId));
    expect(sent.filter((i) => i.acceptedAt).length).toBe(32);
    expect(sent.filter((i) => !i.acceptedAt && (i.nextReminderAt ?? now) >= now).length).toBe(4);
    const linked = await db
      .select({ email: profiles.email })
      .from(profiles)
      .innerJoin(profileLevelAccesses, eq(profileLevelAccesses.profileId, profiles.id))
      .where(
        and(
          eq(profiles.organizationId, organizationId),
          isNotNull(profiles.appUserId),
          eq(profileLevelAccesses.overallStatus, MemberOverallStatus.Cleared),
        ),
      );
    // A cleared member signs in and sees it in the member view.
    const email = linked[0]?.email ?? '';
    const tokens = await t.signIn(email);
    const mine = await t.app.inject({
      url: myRequirementsPath,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().overallStatus).toBe(MemberOverallStatus.Cleared);
  });
});
