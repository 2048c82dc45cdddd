import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';
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
 * Sends reset e-mails after the decision committed, eight at a time; a failure is logged, never undoes the
 * decision (the member also sees the Rejected requirement in their list).
 */
export async function sendResetMails(
  mailer: Mailer,
  appUrl: string,
  mails: readonly ResetMailInput[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (let i = 0; i < mails.length; i += 8)
    await Promise.all(
      mails.slice(i, i + 8).map((mail) =>
        mailer.send(resetMail(appUrl, mail)).catch((err: unknown) => {
          log.warn({ err }, 'could not send a review reset e-mail');
        }),
      ),
    );
}
