import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Deps, JobDeps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import { incidents, organizations } from '../../db/schema/index.ts';
import { escapeHtml } from '../../mail/html.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import { defineJob } from '../../jobs/queue.ts';
import { incidentManagersOf, settingsOf } from './incidents.queries.ts';

/**
 * One notice about an incident. It names the type, the level and the league and links to the incident; it never
 * carries what happened (the link needs sign-in and incident access, ADR 040).
 */
export function incidentMail(
  appUrl: string,
  input: {
    to: string;
    firstName: string;
    organizationName: string;
    subject: string;
    lines: string[];
    /** The page the mail links to: the incident (managers) or the child's conditions (guardians). */
    path: string;
    label?: string;
  },
): OutgoingMail {
  const url = `${appUrl}${input.path}`;
  const lines = [`Hi ${input.firstName},`, ...input.lines];
  const label = input.label ?? 'Open the incident';
  return {
    to: input.to,
    subject: `${input.organizationName}: ${input.subject}`,
    text: [...lines, '', `${label}: ${url}`, '', '— Touchline'].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
      '<p>— Touchline</p>',
    ].join('\n'),
  };
}

async function organizationName(db: Executor, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.name ?? 'Touchline';
}

/** Mails the level's incident managers about a new report, in the report's transaction (outbox, ADR 022). */
export async function queueNewIncidentMails(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Executor,
  incident: { id: string; organizationId: string; levelPath: string; typeName: string; levelName: string },
  accessRoles: readonly string[],
) {
  const managers = await incidentManagersOf(tx, incident.organizationId, incident.levelPath, accessRoles);
  const orgName = await organizationName(tx, incident.organizationId);
  await queueMail(
    deps.jobs,
    tx,
    managers.map((m) =>
      incidentMail(deps.appUrl, {
        to: m.email,
        firstName: m.firstName,
        organizationName: orgName,
        subject: `new incident reported (${incident.typeName})`,
        lines: [
          `A new incident (${incident.typeName}) was reported at ${incident.levelName}. Please triage it.`,
        ],
        path: `/incidents/${incident.id}`,
      }),
    ),
  );
}

/** Mails guardians that their child is named in an incident of a type that notifies guardians. */
export async function queueGuardianMails(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Executor,
  incident: { id: string; organizationId: string; typeName: string; levelName: string },
  guardians: readonly { email: string; firstName: string; childName: string; childProfileId: string }[],
) {
  if (guardians.length === 0) return;
  const orgName = await organizationName(tx, incident.organizationId);
  await queueMail(
    deps.jobs,
    tx,
    guardians.map((g) =>
      incidentMail(deps.appUrl, {
        to: g.email,
        firstName: g.firstName,
        organizationName: orgName,
        subject: `${g.childName} was named in an incident report`,
        lines: [
          `${g.childName} was named in an incident report (${incident.typeName}) at ${incident.levelName}.`,
          'The league will be in touch; sign in to see what you are asked to do.',
        ],
        path: `/incidents/members/${g.childProfileId}`,
        label: `Open ${g.childName}’s conditions`,
      }),
    ),
  );
}

/**
 * incident.triage-reminder: runs once at the organization's triage deadline; mails the managers again if the incident
 * still sits un-triaged (Reported, not archived). Idempotent: a second run mails only if it is still untriaged.
 */
export const incidentTriageReminderJob = defineJob({
  name: 'incident.triage-reminder',
  payload: z.object({ incidentId: z.uuid(), organizationId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 60 },
  run: async (deps: JobDeps, { incidentId, organizationId }) =>
    deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(incidents)
        .where(and(eq(incidents.id, incidentId), eq(incidents.organizationId, organizationId)));
      if (!row || row.status !== 'Reported' || row.archivedAt) return 'triaged';
      const { accessRoles } = await settingsOf(tx, organizationId);
      const managers = await incidentManagersOf(tx, organizationId, row.levelPath, accessRoles);
      const orgName = await organizationName(tx, organizationId);
      await queueMail(
        deps.jobs,
        tx,
        managers.map((m) =>
          incidentMail(deps.appUrl, {
            to: m.email,
            firstName: m.firstName,
            organizationName: orgName,
            subject: `an incident is waiting for triage (${row.typeName})`,
            lines: [
              `An incident (${row.typeName}) reported on ${row.createdAt.toISOString().slice(0, 10)} has not been triaged yet.`,
            ],
            path: `/incidents/${incidentId}`,
          }),
        ),
      );
      return 'reminded';
    }),
});

/**
 * Mails the incident reviewers of a member's levels that a clearance was handed in (ADR 040), in the hand-in's
 * transaction; the link opens the member's conditions, where the reviewer decides.
 */
export async function queueClearanceMails(
  deps: Pick<Deps, 'jobs' | 'appUrl'>,
  tx: Executor,
  input: { organizationId: string; profileId: string; memberName: string; levelPaths: readonly string[] },
) {
  const { accessRoles } = await settingsOf(tx, input.organizationId);
  const managers = new Map<string, { email: string; firstName: string }>();
  for (const path of input.levelPaths)
    for (const m of await incidentManagersOf(tx, input.organizationId, path, accessRoles))
      managers.set(m.email, m);
  const orgName = await organizationName(tx, input.organizationId);
  await queueMail(
    deps.jobs,
    tx,
    [...managers.values()].map((m) =>
      incidentMail(deps.appUrl, {
        to: m.email,
        firstName: m.firstName,
        organizationName: orgName,
        subject: `a clearance was handed in for ${input.memberName}`,
        lines: [`A return-to-play clearance was handed in for ${input.memberName}. Please review it.`],
        path: `/incidents/members/${input.profileId}`,
        label: `Open ${input.memberName}’s conditions`,
      }),
    ),
  );
}
