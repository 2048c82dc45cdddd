import { eq } from 'drizzle-orm';
import type { DisputeReplyBody } from '@touchline/contracts/background-checks';
import { RequirementType } from '@touchline/contracts/requirement-types';
import type { Executor } from '../../db/client.ts';
import { organizations, profiles } from '../../db/schema/index.ts';
import { escapeHtml } from '../../mail/html.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import type { LoadedRequirement } from '../../requirement-core/requirement-target.ts';

/** The adverse-action record kept with the requirement (one live submission, updated step by step). */
export type AdverseActionData = {
  stage: 'pre-adverse' | 'final-adverse' | 'withdrawn';
  reason: string;
  preNoticeAt: string;
  disputeUntil: string;
  reportUrl: string | null;
  /** The thread: the member's disputes and the replies (`from` absent on entries written before replies: member). */
  disputes: {
    at: string;
    message: string;
    byUserId: string | null;
    from?: 'member' | 'organization' | 'agency';
  }[];
  finalNoticeAt?: string;
};

// The FCRA notices of a consumer report (a background check, or a registry search: ADR 030, 032) e-mailed through
// the outbox: the pre-adverse notice, the final notice, and a reviewer's reply to the member's dispute.

const summaryOfRights =
  'A Summary of Your Rights Under the Fair Credit Reporting Act: you may get a copy of your report from the ' +
  'consumer reporting agency, dispute information that is incomplete or inaccurate, and have it corrected or ' +
  'deleted. The full summary: https://www.consumerfinance.gov/learnmore/ (A Summary of Your Rights Under the FCRA).';

export type NoticeInput = {
  /** What the consumer report is, in the notices' words: "background check" or "sex offender registry search". */
  check: string;
  email: string;
  firstName: string;
  organizationName: string;
  requirementName: string;
  reason: string;
  reportUrl: string | null;
  disputeUntil: Date;
};

function mail(
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
): OutgoingMail {
  return {
    to,
    subject,
    text: [...lines, '', `${link.label}: ${link.url}`, '', '— Touchline'].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
      '<p>— Touchline</p>',
    ].join('\n'),
  };
}

/** The pre-adverse action notice: what was found may disqualify, a copy of the report, the rights, the deadline. */
export function preAdverseNotice(appUrl: string, n: NoticeInput): OutgoingMail {
  return mail(
    n.email,
    `${n.organizationName}: pre-adverse action notice about your ${n.check}`,
    [
      `Hi ${n.firstName},`,
      `${n.organizationName} is considering not clearing you for "${n.requirementName}" based in whole or in part on your ${n.check} report.`,
      `Reason: ${n.reason}`,
      n.reportUrl
        ? `A copy of your report: ${n.reportUrl}`
        : 'Ask the organization for a copy of your report.',
      summaryOfRights,
      `If anything in the report is wrong or you want to explain it, respond before ${n.disputeUntil.toUTCString()} from your requirement page. No final decision will be made before then.`,
    ],
    { label: `Open my ${n.check}`, url: `${appUrl}/requirements` },
  );
}

/** The final adverse action notice: the decision, the agency's part in it, and the rights again. */
export function finalAdverseNotice(appUrl: string, n: NoticeInput): OutgoingMail {
  return mail(
    n.email,
    `${n.organizationName}: final adverse action notice about your ${n.check}`,
    [
      `Hi ${n.firstName},`,
      `${n.organizationName} has decided not to clear you for "${n.requirementName}" based in whole or in part on your ${n.check} report.`,
      `Reason: ${n.reason}`,
      'The consumer reporting agency did not make this decision and cannot explain why it was made.',
      'You may ask the agency for a free copy of your report within 60 days and dispute anything in it.',
      summaryOfRights,
    ],
    { label: 'Open my requirements', url: `${appUrl}/requirements` },
  );
}

export async function noticeInput(
  tx: Executor,
  loaded: LoadedRequirement,
  data: AdverseActionData,
): Promise<NoticeInput | null> {
  const [row] = await tx
    .select({ email: profiles.email, firstName: profiles.firstName, organizationName: organizations.name })
    .from(profiles)
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(profiles.id, loaded.requirement.profileId));
  if (!row?.email) return null;
  return {
    check:
      loaded.target.type === RequirementType.SexOffenderSearch
        ? 'sex offender registry search'
        : 'background check',
    email: row.email,
    firstName: row.firstName,
    organizationName: row.organizationName,
    requirementName: loaded.definition.name,
    reason: data.reason,
    reportUrl: data.reportUrl,
    disputeUntil: new Date(data.disputeUntil),
  };
}

/** The reply e-mailed to the member: the reply's text and where to read the thread. */
export function replyNotice(appUrl: string, n: NoticeInput, reply: DisputeReplyBody): OutgoingMail {
  return mail(
    n.email,
    `${n.organizationName}: a reply to your ${n.check} dispute`,
    [
      `Hi ${n.firstName},`,
      reply.from === 'agency'
        ? `${n.organizationName} passes on the consumer reporting agency's reply to your dispute about "${n.requirementName}":`
        : `${n.organizationName} replied to your dispute about "${n.requirementName}":`,
      reply.message,
    ],
    { label: `Open my ${n.check}`, url: `${appUrl}/requirements` },
  );
}
