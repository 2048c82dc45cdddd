import { createHash, randomBytes } from 'node:crypto';
import type { OutgoingMail } from '../../mail/mailer.ts';
import { escapeHtml } from '../../mail/html.ts';

/** A fresh invitation link secret: 32 random bytes (base64url) for the e-mail, only its SHA-256 for the row. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/** The stored form of an invitation token, as the identity service stores its e-mailed tokens. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** What an invitation e-mail says: who is invited where, with which label, and the link with its token. */
export type InvitationMailInput = {
  invitationId: string;
  email: string;
  firstName: string;
  organizationName: string;
  levelName: string;
  roleLabel: string;
  token: string;
  /** 0 for the invitation itself, then the reminder's place in the schedule. */
  step: number;
};

/** The link an invitation e-mail carries: the signup flow in its invitation mode (§2). */
export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/signup?token=${encodeURIComponent(token)}`;
}

/** The invitation e-mail (step 0) or an activation reminder (later steps), as text and HTML. */
export function invitationMail(appUrl: string, input: InvitationMailInput): OutgoingMail {
  const url = invitationLink(appUrl, input.token);
  const where = `${input.levelName} (${input.organizationName})`;
  const subject =
    input.step === 0
      ? `You are invited to join ${input.organizationName} on Touchline`
      : `Reminder: your invitation to join ${input.organizationName} is waiting`;
  const lines = [
    `Hi ${input.firstName},`,
    input.step === 0
      ? `You have been invited to join ${where} on Touchline as ${input.roleLabel}.`
      : `Your invitation to join ${where} on Touchline as ${input.roleLabel} has not been accepted yet.`,
    'Open the link to create your account, or sign in if you already have one, and accept the invitation.',
    'This link replaces the links of earlier invitation e-mails.',
  ];
  const label = 'Accept the invitation';
  return {
    to: input.email,
    subject,
    text: [...lines, '', `${label}: ${url}`, '', '— Touchline'].join('\n'),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
      '<p>— Touchline</p>',
    ].join('\n'),
  };
}
