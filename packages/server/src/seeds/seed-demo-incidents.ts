import { and, asc, eq, isNull } from 'drizzle-orm';
import { builtInIncidentTypes } from '@touchline/contracts/incidents';
import { concussionConditionDetails, concussionConditionTitle } from '@touchline/contracts/conditions';
import { recordAuditEvent } from '../db/audit.ts';
import type { Database } from '../db/client.ts';
import {
  hierarchyLevels,
  incidentHistory,
  incidentPeople,
  incidents,
  labels,
  memberConditions,
  organizations,
  profileLevelAccesses,
  profiles,
} from '../db/schema/index.ts';
import { MemberOverallStatus } from '@touchline/contracts/members';
import { ensureClearanceDefinition } from '../modules/incidents/clearance-requirement.service.ts';
import { refreshMemberRequirementsNow } from '../requirement-core/requirements-engine.service.ts';
import { demoEmailDomain, demoOrganizationName } from './seed-demo.ts';

const day = 24 * 3600_000;
const seededAction = 'organization.demo_incidents_seeded';

type Person = {
  profileId: string;
  name: string;
  levelId: string;
  levelName: string;
  path: string;
  role: string;
  overallStatus: number;
  /** Signs in (accepted their invitation). */
  hasAccount: boolean;
};

async function demoPeople(db: Database, organizationId: string): Promise<Person[]> {
  const rows = await db
    .select({
      profileId: profiles.id,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      email: profiles.email,
      levelId: hierarchyLevels.id,
      levelName: hierarchyLevels.name,
      path: hierarchyLevels.path,
      role: labels.name,
      overallStatus: profileLevelAccesses.overallStatus,
      appUserId: profiles.appUserId,
    })
    .from(profileLevelAccesses)
    .innerJoin(profiles, eq(profiles.id, profileLevelAccesses.profileId))
    .innerJoin(hierarchyLevels, eq(hierarchyLevels.id, profileLevelAccesses.hierarchyLevelId))
    .innerJoin(labels, eq(labels.id, profileLevelAccesses.labelId))
    .where(
      and(eq(profileLevelAccesses.organizationId, organizationId), isNull(profileLevelAccesses.deletedAt)),
    )
    .orderBy(asc(hierarchyLevels.name), asc(profiles.email));
  return rows.map((r) => ({
    profileId: r.profileId,
    name: `${r.firstName} ${r.lastName}`,
    levelId: r.levelId,
    levelName: r.levelName,
    path: r.path,
    role: r.email === `admin${demoEmailDomain}` ? 'Admin' : r.role,
    overallStatus: r.overallStatus,
    hasAccount: r.appUserId !== null,
  }));
}

/**
 * Gives the demo league a few incidents in each state of the workflow (ADR 040) and members under conditions: an
 * untriaged injury, a concussion under review whose player is removed from play, a misconduct concern whose
 * mandatory report is recorded, a closed property report, an older concussion whose condition was lifted on a
 * written clearance, and two standing conditions of their own. The removed-from-play player's guardian is a volunteer
 * of their team who signs in, so a guardian can hand the clearance in for their child. Written as facts (with their history entries), once;
 * the engine derives the players' overall statuses. Null when there was nothing to do.
 */
export async function seedDemoIncidents(
  db: Database,
  now: Date = new Date(),
): Promise<{ incidents: number } | null> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.isDemo, true), eq(organizations.name, demoOrganizationName)));
  if (!org) return null;
  const organizationId = org.id;
  const [existing] = await db
    .select({ id: incidents.id })
    .from(incidents)
    .where(eq(incidents.organizationId, organizationId))
    .limit(1);
  if (existing) return null;
  const people = await demoPeople(db, organizationId);
  const admin = people.find((p) => p.role === 'Admin');
  // The removed-from-play player is one already Incomplete where there is one, so the demo's other journeys (status
  // counts, the dashboard) read the same numbers with or without these incidents.
  const players = people.filter((p) => p.role === 'Player');
  const injured = players.find((p) => p.overallStatus === MemberOverallStatus.Incomplete) ?? players[0];
  const coachTeams = [...new Set(people.filter((p) => p.role === 'Coach').map((p) => p.levelId))];
  const teams = injured
    ? [
        coachTeams.find((t) => t !== injured.levelId) ?? '',
        injured.levelId,
        ...coachTeams.filter((t) => t !== injured.levelId).slice(1, 2),
      ]
    : [];
  const coachOf = (levelId: string) => people.find((p) => p.levelId === levelId && p.role === 'Coach');
  const playersOf = (levelId: string) => people.filter((p) => p.levelId === levelId && p.role === 'Player');
  if (!admin || teams.length < 3) return null;
  const type = (code: string) => builtInIncidentTypes.find((t) => t.code === code) ?? builtInIncidentTypes[0];
  const touched: string[] = [];

  await db.transaction(async (tx) => {
    const add = async (spec: {
      team: string;
      code: string;
      daysAgo: number;
      status: string;
      involved: { person: Person; role: string }[];
      whatHappened: string;
      actionTaken: string | null;
      steps: { status?: string; note?: string; after: number; mandatory?: boolean }[];
    }) => {
      const coach = coachOf(spec.team);
      const t = type(spec.code);
      if (!coach || !t) return null;
      const reportedAt = new Date(now.getTime() - spec.daysAgo * day);
      const [row] = await tx
        .insert(incidents)
        .values({
          organizationId,
          hierarchyLevelId: coach.levelId,
          levelPath: coach.path,
          typeCode: t.code,
          typeName: t.name,
          typeDescription: t.description,
          mandatoryReporting: t.mandatoryReporting,
          status: spec.status,
          occurredAt: new Date(reportedAt.getTime() - 2 * 3600_000),
          venue: 'Riverside Park, Field 2',
          whatHappened: spec.whatHappened,
          actionTaken: spec.actionTaken,
          reportedByProfileId: coach.profileId,
          reportedByUserId: crypto.randomUUID(),
          assigneeProfileId: spec.status === 'Reported' ? null : admin.profileId,
          triageDueAt: new Date(reportedAt.getTime() + day),
          mandatoryReportDueAt: t.mandatoryReporting ? new Date(reportedAt.getTime() + day) : null,
          authoritiesReportedAt: t.mandatoryReporting ? new Date(reportedAt.getTime() + 3 * 3600_000) : null,
          authoritiesReportedTo: t.mandatoryReporting ? 'Riverside County Child Protective Services' : null,
          safeSportReportedAt: t.mandatoryReporting ? new Date(reportedAt.getTime() + 4 * 3600_000) : null,
          safeSportReference: t.mandatoryReporting ? 'Demo reference SS-DEMO-0001' : null,
          createdAt: reportedAt,
          updatedAt: reportedAt,
        })
        .returning({ id: incidents.id });
      if (!row) return null;
      await tx.insert(incidentPeople).values(
        spec.involved.map((p, position) => ({
          organizationId,
          incidentId: row.id,
          profileId: p.person.profileId,
          name: p.person.name,
          role: p.role,
          position,
        })),
      );
      const entry = { organizationId, incidentId: row.id };
      await tx.insert(incidentHistory).values({
        ...entry,
        actorProfileId: coach.profileId,
        actorName: coach.name,
        action: 'reported',
        changes: { status: { from: null, to: 'Reported' } },
        createdAt: reportedAt,
      });
      let from = 'Reported';
      for (const step of spec.steps) {
        const at = new Date(reportedAt.getTime() + step.after * 3600_000);
        const by = step.mandatory ? coach : admin;
        if (step.status) {
          await tx.insert(incidentHistory).values({
            ...entry,
            actorProfileId: by.profileId,
            actorName: by.name,
            action: 'updated',
            changes: { status: { from, to: step.status } },
            createdAt: at,
          });
          from = step.status;
        }
        if (step.note)
          await tx.insert(incidentHistory).values({
            ...entry,
            actorProfileId: by.profileId,
            actorName: by.name,
            action: 'note',
            note: step.note,
            createdAt: at,
          });
      }
      return { id: row.id, coach };
    };

    const [a, b, c] = teams as [string, string, string];
    const [pa1] = playersOf(a);
    const pb1 = injured;
    const pb2 = playersOf(b).find((p) => p.profileId !== injured?.profileId);
    const [pc1, pc2] = playersOf(c);
    if (!pa1 || !pb1 || !pb2 || !pc1 || !pc2) return;
    await add({
      team: a,
      code: 'injury',
      daysAgo: 0,
      status: 'Reported',
      involved: [{ person: pa1, role: 'Injured' }],
      whatHappened: 'Rolled an ankle chasing a through ball in the second half.',
      actionTaken: 'Ice and rest; parent took over at the end of the game.',
      steps: [],
    });
    const concussion = await add({
      team: b,
      code: 'concussion',
      daysAgo: 2,
      status: 'UnderReview',
      involved: [{ person: pb1, role: 'Injured' }],
      whatHappened: 'Head-to-head contact on a corner; dazed and slow to get up, complained of a headache.',
      actionTaken: 'Removed from play for the rest of the day; parent informed and advised to see a doctor.',
      steps: [{ status: 'UnderReview', note: 'Waiting for the written return-to-play clearance.', after: 5 }],
    });
    await add({
      team: b,
      code: 'misconduct',
      daysAgo: 6,
      status: 'ActionTaken',
      involved: [{ person: pb2, role: 'Other' }],
      whatHappened: 'A parent reported an adult volunteer messaging a player privately on social media.',
      actionTaken: null,
      steps: [
        {
          mandatory: true,
          note: 'Reported to CPS and the U.S. Center for SafeSport the same evening.',
          after: 4,
        },
        { status: 'UnderReview', after: 6 },
        { status: 'ActionTaken', note: 'Volunteer suspended pending the SafeSport review.', after: 20 },
      ],
    });
    await add({
      team: c,
      code: 'property',
      daysAgo: 12,
      status: 'Closed',
      involved: [{ person: pc2, role: 'Witness' }],
      whatHappened: 'A goal frame was found bent after the weekend.',
      actionTaken: 'Goal taken out of use; the city replaced it.',
      steps: [
        { status: 'UnderReview', after: 3 },
        { status: 'Closed', note: 'Replaced by the city parks department.', after: 72 },
      ],
    });
    const older = await add({
      team: c,
      code: 'concussion',
      daysAgo: 30,
      status: 'Closed',
      involved: [{ person: pc1, role: 'Injured' }],
      whatHappened: 'Fell backwards and hit the back of the head on the ground.',
      actionTaken: 'Removed from play; seen at urgent care that evening.',
      steps: [
        { status: 'UnderReview', after: 2 },
        {
          status: 'Closed',
          note: 'Written clearance received and reviewed; returned after the 7-day protocol.',
          after: 240,
        },
      ],
    });
    const base = { organizationId, setByProfileId: admin.profileId, setByName: admin.name };
    // The clearance is a requirement (ADR 040): the definition a concussion report makes, made here too.
    if (concussion) await ensureClearanceDefinition(tx, organizationId);
    // The removed-from-play player's guardian is a parent volunteering on the same team, who signs in (README):
    // they hand the clearance in for their child.
    const guardian =
      people.find((p) => p.levelId === b && p.role === 'Volunteer' && p.hasAccount) ??
      people.find((p) => p.role === 'Volunteer' && p.hasAccount);
    if (guardian)
      await tx
        .update(profiles)
        .set({ guardianProfileId: guardian.profileId })
        .where(eq(profiles.id, pb1.profileId));
    if (concussion)
      await tx.insert(memberConditions).values({
        ...base,
        profileId: pb1.profileId,
        incidentId: concussion.id,
        kind: 'RemovedFromPlay',
        title: concussionConditionTitle,
        details: concussionConditionDetails,
        restrictsPlay: true,
        visibility: 'Reviewers',
        liftedBy: 'Document',
        setByProfileId: concussion.coach.profileId,
        setByName: concussion.coach.name,
        createdAt: new Date(now.getTime() - 2 * day),
      });
    if (older)
      await tx.insert(memberConditions).values({
        ...base,
        profileId: pc1.profileId,
        incidentId: older.id,
        kind: 'RemovedFromPlay',
        title: concussionConditionTitle,
        details: concussionConditionDetails,
        restrictsPlay: true,
        visibility: 'Reviewers',
        liftedBy: 'Document',
        status: 'Lifted',
        liftedAt: new Date(now.getTime() - 20 * day),
        liftedByName: admin.name,
        liftNote: 'Written clearance from the family physician reviewed; 7-day graduated protocol completed.',
        createdAt: new Date(now.getTime() - 30 * day),
      });
    await tx.insert(memberConditions).values([
      {
        ...base,
        profileId: pa1.profileId,
        kind: 'MedicalInfo',
        title: 'Medical condition on file: asthma, inhaler',
        details: 'Inhaler in the team medical bag; may need a break in hot weather.',
        restrictsPlay: false,
        visibility: 'Coaches',
        liftedBy: 'Decision',
      },
      {
        ...base,
        profileId: pb2.profileId,
        kind: 'Restriction',
        title: 'Supervised contact only',
        details: 'Two adults present at every practice while the SafeSport review is open.',
        restrictsPlay: false,
        visibility: 'Coaches',
        liftedBy: 'Decision',
      },
    ]);
    touched.push(pb1.profileId, pc1.profileId);
    await recordAuditEvent(
      tx,
      { userId: null },
      { organizationId, action: seededAction, entityType: 'organization', entityId: organizationId },
    );
  });
  if (touched.length === 0) return null;
  await refreshMemberRequirementsNow(db, organizationId, { profileIds: touched, now });
  return { incidents: 5 };
}
