import { requirementStatusLabel, type RequirementStatus } from '@touchline/contracts/requirement-status';
import type { OutgoingMail } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/html.ts';

/** One member's digest: who, where, and every open mandatory requirement. */
export type RequirementDigest = {
  email: string;
  firstName: string;
  organizationName: string;
  items: { name: string; status: RequirementStatus; dueDate: string | null }[];
};

/** The daily digest e-mail: all the member's open requirements and one link to the member view. */
export function requirementDigestMail(appUrl: string, digest: RequirementDigest): OutgoingMail {
  const url = `${appUrl}/requirements`;
  const count = digest.items.length;
  const subject = `${digest.organizationName}: you have ${count} open requirement${count === 1 ? '' : 's'}`;
  const intro = [
    `Hi ${digest.firstName},`,
    `These requirements for ${digest.organizationName} still need you:`,
  ];
  const items = digest.items.map(
    (i) => `${i.name}: ${requirementStatusLabel(i.status)}${i.dueDate ? ` (due ${i.dueDate})` : ''}`,
  );
  const label = 'Open my requirements';
  return {
    to: digest.email,
    subject,
    text: [...intro, '', ...items.map((i) => `- ${i}`), '', `${label}: ${url}`, '', '— Touchline'].join('\n'),
    html: [
      ...intro.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
      '<p>— Touchline</p>',
    ].join('\n'),
  };
}
