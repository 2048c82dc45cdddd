import { and, eq } from 'drizzle-orm';
import { newInvitationToken } from '../modules/invitations/invitations.mail.ts';
import { dayOf } from '../requirement-core/engine/calendar.ts';
import type { Transaction } from '../db/client.ts';
import {
  auditEvents,
  invitations,
  memberRequirements,
  profileLevelAccesses,
  profiles,
  requirementEvents,
  requirementReviews,
  requirementFiles,
  requirementSubmissions,
  storedFiles,
} from '../db/schema/index.ts';
import type { SeededFile, SeededRequirement } from './seed-demo-history.ts';
import type { DemoMemberPlan } from './seed-demo-plan.ts';

/** One demo member as loaded and planned: the rows to write their history onto. */
export type DemoMemberRows = {
  profileId: string;
  plaId: string;
  email: string;
  userId: string | null;
  rows: { id: string; definitionId: string }[];
};

type WriteInput = {
  organizationId: string;
  member: DemoMemberRows & { plan: DemoMemberPlan };
  /** The demo administrator, who invited everyone and reviews uploads. */
  reviewer: { userId: string | null; profileId: string | null };
  /** Where each planned file's bytes were stored. */
  keys: ReadonlyMap<SeededFile, { key: string; size: number }>;
  now: Date;
};

/** The member's link to their account, the invitation that brought them, and when they arrived. */
async function writeArrival(tx: Transaction, input: WriteInput) {
  const { organizationId, member } = input;
  const { plan } = member;
  await tx
    .update(profiles)
    .set({
      appUserId: member.userId,
      createdAt: plan.invitedAt,
      updatedAt: plan.acceptedAt ?? plan.invitedAt,
    })
    .where(and(eq(profiles.organizationId, organizationId), eq(profiles.id, member.profileId)));
  await tx
    .update(profileLevelAccesses)
    .set({ createdAt: plan.invitedAt })
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), eq(profileLevelAccesses.id, member.plaId)),
    );
  // The link's token was never e-mailed, so only a hash of a secret nobody holds is stored.
  await tx.insert(invitations).values({
    organizationId,
    profileId: member.profileId,
    profileLevelAccessId: member.plaId,
    email: member.email,
    tokenHash: newInvitationToken().tokenHash,
    invitedByUserId: input.reviewer.userId,
    sentCount: 1,
    lastSentAt: plan.invitation.lastSentAt,
    remindersSent: plan.invitation.remindersSent,
    nextReminderAt: plan.invitation.nextReminderAt,
    acceptedAt: plan.acceptedAt,
    acceptedByUserId: plan.acceptedAt ? member.userId : null,
    createdAt: plan.invitedAt,
    updatedAt: plan.acceptedAt ?? plan.invitation.lastSentAt,
  });
}

/** One requirement's facts, derived status, reminders, history, submissions and files. */
async function writeRequirement(tx: Transaction, input: WriteInput, id: string, seeded: SeededRequirement) {
  const { organizationId } = input;
  const last = seeded.events.at(-1)?.at ?? seeded.assignedAt;
  await tx
    .update(memberRequirements)
    .set({
      assignedAt: seeded.assignedAt,
      dueDate: seeded.dueDate,
      ...seeded.facts,
      status: seeded.status,
      remindersSent: seeded.remindersSent,
      nextReminderOn: seeded.nextReminderOn,
      statusEvaluatedOn: dayOf(input.now),
      createdAt: seeded.assignedAt,
      updatedAt: last,
    })
    .where(and(eq(memberRequirements.organizationId, organizationId), eq(memberRequirements.id, id)));
  // The engine recorded the assignment when the library was seeded; it happened at the invitation.
  await tx
    .update(requirementEvents)
    .set({ createdAt: seeded.assignedAt })
    .where(
      and(
        eq(requirementEvents.organizationId, organizationId),
        eq(requirementEvents.memberRequirementId, id),
        eq(requirementEvents.action, 'assigned'),
      ),
    );
  const later = seeded.events.filter((e) => e.action !== 'assigned');
  if (later.length > 0)
    await tx.insert(requirementEvents).values(
      later.map((e) => ({
        organizationId,
        memberRequirementId: id,
        action: e.action,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        actorUserId: e.actorUserId,
        data: e.data,
        createdAt: e.at,
      })),
    );
  // Each action is audited as recordChange audits it (requirement.<action>, by whoever took it).
  const actions = later.filter((e) => e.actorUserId !== null && !['status', 'reminded'].includes(e.action));
  if (actions.length > 0)
    await tx.insert(auditEvents).values(
      actions.map((e) => ({
        organizationId,
        actorUserId: e.actorUserId,
        actorProfileId:
          e.actorUserId === input.member.userId ? input.member.profileId : input.reviewer.profileId,
        action: `requirement.${e.action.replaceAll('-', '_')}`,
        entityType: 'member_requirement',
        entityId: id,
        data: {
          definitionId: seeded.definitionId,
          profileId: input.member.profileId,
          fromStatus: e.fromStatus,
          toStatus: e.toStatus,
          ...e.data,
        },
        createdAt: e.at,
      })),
    );
  // Seeded decisions are kept as the review module keeps them, so the Historical tab has the league's past.
  const reviews = later.filter((e) => e.action === 'review' && e.actorUserId !== null);
  if (reviews.length > 0)
    await tx.insert(requirementReviews).values(
      reviews.map((e) => ({
        organizationId,
        memberRequirementId: id,
        reviewerUserId: e.actorUserId ?? '',
        reviewerProfileId: input.reviewer.profileId,
        outcome: Number(e.data.reviewDecision),
        notes: typeof e.data.reviewNotes === 'string' ? e.data.reviewNotes : '',
        reviewSource: 'ManualUpload',
        completedAt: later.filter((c) => c.action.startsWith('complete') && c.at <= e.at).at(-1)?.at ?? null,
        createdAt: e.at,
      })),
    );
  if (seeded.submissions.length > 0)
    await tx.insert(requirementSubmissions).values(
      seeded.submissions.map((s) => ({
        organizationId,
        memberRequirementId: id,
        kind: s.kind,
        data: s.data,
        createdByUserId: s.byUserId,
        createdAt: s.at,
      })),
    );
  for (const file of seeded.files) {
    const stored = input.keys.get(file);
    if (!stored) throw new Error('a demo file was not stored');
    const [row] = await tx
      .insert(storedFiles)
      .values({
        organizationId,
        purpose: `requirement-${file.role.split(':')[0] ?? file.role}`,
        storageKey: stored.key,
        contentType: 'application/pdf',
        byteSize: stored.size,
        originalName: file.originalName,
        createdByUserId: file.uploadedByUserId,
        createdAt: file.at,
      })
      .returning({ id: storedFiles.id });
    if (!row) throw new Error('a demo stored file was not written');
    await tx.insert(requirementFiles).values({
      id: file.id,
      organizationId,
      memberRequirementId: id,
      storedFileId: row.id,
      role: file.role,
      createdAt: file.at,
    });
  }
}

/** Writes one demo member's planned history in the caller's transaction. */
export async function writeDemoMember(tx: Transaction, input: WriteInput): Promise<void> {
  await writeArrival(tx, input);
  for (const seeded of input.member.plan.requirements) {
    const row = input.member.rows.find((r) => r.definitionId === seeded.definitionId);
    if (row) await writeRequirement(tx, input, row.id, seeded);
  }
}
