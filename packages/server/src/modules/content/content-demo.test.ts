import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { findDemoVideo, seedDemoContent } from '../../seeds/seed-demo-content.ts';
import { seedDemoOrganization } from '../../seeds/seed-demo.ts';
import {
  auditEvents,
  contentAssignments,
  formVersions,
  memberRequirements,
  requirementDefinitions,
} from '../../db/schema/index.ts';
import { localDiskStorage } from '../../storage/local-disk-storage.ts';
import {
  demoSeedCompleteAction,
  demoSeedPendingAction,
  markDemoSeedComplete,
  pendingDemoSeed,
} from '../../seeds/seed-demo-marks.ts';

describe('the demo league’s content library', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('holds the five built types, assigned to Coach, Volunteer and Player, with a real video and a form with an attachment; seeded once', async () => {
    const { organizationId } = await seedDemoOrganization(t.database.db);
    const storage = localDiskStorage(path.join(mkdtempSync(path.join(tmpdir(), 'r2-demo-')), 'files'));
    const video = findDemoVideo(undefined);
    expect(video?.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
    expect(await seedDemoContent({ db: t.database.db, storage }, video)).toBe(5);
    expect(await seedDemoContent({ db: t.database.db, storage }, video)).toBe(0);
    const defs = await t.database.db
      .select()
      .from(requirementDefinitions)
      .where(eq(requirementDefinitions.organizationId, organizationId));
    expect(defs.map((d) => d.type).sort()).toEqual([0, 1, 2, 4, 8]);
    const form = defs.find((d) => d.type === 1);
    expect(JSON.stringify(form?.content)).toContain('visibleWhen');
    expect(JSON.stringify(form?.content)).toContain('"kind":"file"');
    expect(
      await t.database.db
        .select()
        .from(formVersions)
        .where(eq(formVersions.definitionId, form?.id ?? '')),
    ).toHaveLength(1);
    const assigned = await t.database.db
      .select()
      .from(contentAssignments)
      .where(eq(contentAssignments.organizationId, organizationId));
    // Coach holds all five; Volunteer the waiver and the video; Player the sheet, the form and the waiver.
    expect(assigned.length).toBe(10);
    const requirements = await t.database.db
      .select()
      .from(memberRequirements)
      .where(eq(memberRequirements.organizationId, organizationId));
    expect(requirements.length).toBeGreaterThan(36);
  });

  it('marks the rest of the demo pending with its library, so a start stopped between parts finishes them; never a demo seeded before the marks', async () => {
    const other = await createTestApp();
    try {
      const db = other.database.db;
      const { organizationId } = await seedDemoOrganization(db);
      expect(await pendingDemoSeed(db)).toBeNull();
      const storage = localDiskStorage(path.join(mkdtempSync(path.join(tmpdir(), 'r2-demo-')), 'files'));
      expect(await seedDemoContent({ db, storage }, null)).toBe(4);
      expect(await pendingDemoSeed(db)).toBe(organizationId);
      // Still pending after a library already there (the next start after a stop).
      expect(await seedDemoContent({ db, storage }, null)).toBe(0);
      expect(await pendingDemoSeed(db)).toBe(organizationId);
      await markDemoSeedComplete(db, organizationId);
      expect(await pendingDemoSeed(db)).toBeNull();
      // A demo whose library was added before the marks existed (a developer's data directory) gets no new parts.
      await db
        .delete(auditEvents)
        .where(inArray(auditEvents.action, [demoSeedPendingAction, demoSeedCompleteAction]));
      expect(await pendingDemoSeed(db)).toBeNull();
    } finally {
      await other.close();
    }
  });
});
