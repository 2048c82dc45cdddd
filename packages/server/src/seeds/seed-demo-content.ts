import type { Deps } from '../deps.ts';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FormField } from '@touchline/contracts/content';
import { RequirementType } from '@touchline/contracts/requirement-types';
import { refreshMemberRequirements } from '../modules/requirements/requirements.service.ts';
import { newStorageKey } from '../storage/storage.ts';
import { recordAuditEvent } from '../db/audit.ts';
import {
  contentAssignments,
  formVersions,
  hierarchyLevels,
  labels,
  organizations,
  requirementDefinitions,
  storedFiles,
} from '../db/schema/index.ts';
import { demoOrganizationName } from './seed-demo.ts';
import { markDemoSeedPending } from './seed-demo-marks.ts';

/** The demo's short video (a real 6-second WebM kept with the web app's public files). */
export const demoVideoFileName = 'coach-safety.webm';

/** Where the demo video is found: the built web app first, then the web package's sources. */
export function findDemoVideo(webDistDir: string | undefined): Buffer | null {
  const candidates = [
    ...(webDistDir ? [path.join(webDistDir, 'demo', demoVideoFileName)] : []),
    fileURLToPath(new URL(`../../../web/public/demo/${demoVideoFileName}`, import.meta.url)),
  ];
  const found = candidates.find((p) => existsSync(p));
  return found ? readFileSync(found) : null;
}

const medicalForm: FormField[] = [
  { id: 'emergencyName', label: 'Emergency contact name', kind: 'text', required: true },
  { id: 'emergencyPhone', label: 'Emergency contact phone', kind: 'text', required: true },
  {
    id: 'hasAllergies',
    label: 'Any allergies or medical conditions?',
    kind: 'radio',
    required: true,
    options: ['Yes', 'No'],
  },
  {
    id: 'allergyDetails',
    label: 'Describe them and any medication',
    kind: 'textarea',
    required: true,
    visibleWhen: { fieldId: 'hasAllergies', equals: 'Yes' },
  },
  {
    id: 'shirtSize',
    label: 'Shirt size',
    kind: 'select',
    required: false,
    options: ['YS', 'YM', 'YL', 'AS', 'AM', 'AL'],
  },
  {
    id: 'photoConsent',
    label: 'Photos from games and practices may show me (or my child) on the league website',
    kind: 'checkbox',
    required: false,
  },
  { id: 'insuranceCard', label: 'Health insurance card (photo or scan)', kind: 'file', required: true },
];

/**
 * Seeds the demo league's content library: one definition of each of the five built types (a concussion sheet,
 * a medical form with a conditional field and an attachment, a waiver, a safety video with a required share, a
 * training), assigned to its Coach, Volunteer and Player labels at the top level (a coach holds all five). Idempotent: a library that ever held anything is
 * left alone. Returns how many definitions were added.
 */
export async function seedDemoContent(
  deps: Pick<Deps, 'db' | 'storage'>,
  video: Buffer | null,
): Promise<number> {
  const { db, storage } = deps;
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return 0;
  const organizationId = org.id;
  const [existing] = await db
    .select({ id: requirementDefinitions.id })
    .from(requirementDefinitions)
    .where(eq(requirementDefinitions.organizationId, organizationId))
    .limit(1);
  if (existing) return 0;
  const videoKey = video ? newStorageKey() : null;
  if (video && videoKey) await storage.put(videoKey, video, 'video/webm');
  return db.transaction(async (tx) => {
    const [root] = await tx
      .select({ id: hierarchyLevels.id })
      .from(hierarchyLevels)
      .where(and(eq(hierarchyLevels.organizationId, organizationId), isNull(hierarchyLevels.parentId)));
    const roleLabels = await tx
      .select({ id: labels.id, name: labels.name })
      .from(labels)
      .where(
        and(
          eq(labels.organizationId, organizationId),
          inArray(labels.name, ['Coach', 'Volunteer', 'Player']),
        ),
      );
    if (!root) return 0;
    const [videoFile] = videoKey
      ? await tx
          .insert(storedFiles)
          .values({
            organizationId,
            purpose: 'content-video',
            storageKey: videoKey,
            contentType: 'video/webm',
            byteSize: video?.length ?? 0,
            originalName: demoVideoFileName,
          })
          .returning({ id: storedFiles.id })
      : [];
    const seeds = [
      {
        type: RequirementType.Document,
        name: 'Concussion awareness sheet',
        instructions: 'Read the CDC HEADS UP fact sheet, sign it and upload a photo or scan.',
        content: { templateFileId: null, linkUrl: 'https://www.cdc.gov/heads-up/' },
        validityMode: 'Annual',
        annualRenewalDate: '08-01',
        to: ['Coach', 'Player'],
      },
      {
        type: RequirementType.Form,
        name: 'Medical & emergency contact form',
        instructions: 'Tell us who to call and anything the coach should know.',
        content: { fields: medicalForm },
        to: ['Coach', 'Player'],
      },
      {
        type: RequirementType.Waiver,
        name: 'Participation waiver',
        instructions: 'Read the waiver and sign by typing your full name.',
        content: {
          text: 'I understand that youth soccer involves physical contact and a risk of injury. I agree to follow the league’s safety rules and release Riverside Youth Soccer League, its volunteers and its coaches from claims arising from ordinary participation.',
          requireTypedName: true,
        },
        to: ['Coach', 'Volunteer', 'Player'],
      },
      ...(videoFile
        ? [
            {
              type: RequirementType.Video,
              name: 'Coach & volunteer safety video',
              instructions: 'Watch the whole video; skipping ahead does not count.',
              content: { url: null, fileId: videoFile.id, requiredWatchedPercent: 90 },
              to: ['Coach', 'Volunteer'],
            },
          ]
        : []),
      {
        type: RequirementType.CustomTraining,
        name: 'Safe Sport training',
        instructions: 'Take the training, then upload your certificate.',
        // The provider's certificates carry a verification code, so this league trusts them (ADR 025).
        content: {
          trainingUrl: 'https://safesporttrained.org/',
          certificateRequired: true,
          certificatesTrusted: true,
        },
        validityMode: 'Duration',
        validityDays: 365,
        to: ['Coach'],
      },
    ];
    for (const [sortOrder, { to, ...seed }] of seeds.entries()) {
      const [row] = await tx
        .insert(requirementDefinitions)
        .values({ ...seed, organizationId, sortOrder, dueInDays: 30, reminderFrequency: 'Weekly' })
        .returning({ id: requirementDefinitions.id });
      if (!row) throw new Error('demo definition was not created');
      if (seed.type === RequirementType.Form)
        await tx
          .insert(formVersions)
          .values({ organizationId, definitionId: row.id, version: 1, fields: medicalForm });
      const targets = roleLabels.filter((l) => to.includes(l.name));
      if (targets.length > 0)
        await tx.insert(contentAssignments).values(
          targets.map((l) => ({
            organizationId,
            definitionId: row.id,
            hierarchyLevelId: root.id,
            labelId: l.id,
          })),
        );
    }
    await recordAuditEvent(
      tx,
      { userId: null },
      {
        organizationId,
        action: 'content.demo_seeded',
        entityType: 'organization',
        entityId: organizationId,
        data: { definitions: seeds.length },
      },
    );
    // The rest of the demo (history, incidents, screening, verification) is seeded after this, part by part,
    // beside this library only: marked here, with the library, so a start stopped between parts finishes them.
    await markDemoSeedPending(tx, organizationId);
    await refreshMemberRequirements(tx, organizationId, {});
    return seeds.length;
  });
}
