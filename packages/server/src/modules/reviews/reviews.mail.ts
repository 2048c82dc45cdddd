import type { Deps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { queueMail } from '../../mail/outbox.ts';
import { escapeHtml } from '../../mail/html.ts';

/** What the member is told when a reviewer sends a requirement back (RejectedReset): what, where, and why. */
export type ResetMailInput = {
  email: string;
  firstName: string;
  organizationName: string;
  requirementName: string;
  notes: string;
};

/** The e-mail of a reset: the reviewer's reason and a link to submit again. */
export function resetMail(appUrl: string, input: ResetMailInput): OutgoingMail {
  const url = `${appUrl}/requirements`;
  const lines = [
    `Hi ${input.firstName},`,
    `A reviewer at ${input.organizationName} sent back your submission for "${input.requirementName}".`,
    `Reason: ${input.notes}`,
    'Please fix what the reviewer asks and submit it again.',
  ];
  const label = 'Open my requirements';
  return {
    to: input.email,
    subject: `${input.organizationName}: please resubmit ${input.requirementName}`,
    text: [...lines, '', `${label}: ${url}`, '', '— Touchline'].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
      '<p>— Touchline</p>',
    ].join('\n'),
  };
}

/**
 * Queues reset e-mails in the decision's transaction (durable mail, ADR 022): delivered after commit with retries;
 * a mail server that is down never undoes or slows the decision.
 */
export async function queueResetMails(
  deps: Deps,
  tx: Executor,
  mails: readonly ResetMailInput[],
): Promise<void> {
  await queueMail(
    deps.jobs,
    tx,
    mails.map((mail) => resetMail(deps.appUrl, mail)),
  );
}
