import type { IdentityMail } from '../config.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function mail(
  to: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
): IdentityMail {
  const text = [...lines, '', `${link.label}: ${link.url}`, '', '— Touchline'].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    '<p>— Touchline</p>',
  ].join('\n');
  return { to, subject, text, html };
}

/** The e-mail asking a new account to confirm its address. */
export function confirmEmailMail(to: string, firstName: string, url: string, hours: number): IdentityMail {
  return mail(
    to,
    'Confirm your e-mail address',
    [
      `Hi ${firstName},`,
      `Confirm your address to finish creating your Touchline account. The link works for ${hours} hours.`,
    ],
    { label: 'Confirm my e-mail address', url },
  );
}

/** The e-mail with a password reset link. */
export function resetPasswordMail(to: string, firstName: string, url: string, minutes: number): IdentityMail {
  return mail(
    to,
    'Reset your password',
    [
      `Hi ${firstName},`,
      `Someone asked to reset the password of your Touchline account. The link works once, for ${minutes} minutes.`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

/**
 * Sent when someone signs up with an address that already has an account: the owner learns of it, the person
 * signing up sees the same answer as for a new address (no user enumeration).
 */
export function alreadyRegisteredMail(to: string, firstName: string, url: string): IdentityMail {
  return mail(
    to,
    'You already have a Touchline account',
    [
      `Hi ${firstName},`,
      'Someone tried to create a Touchline account with this address, which already has one.',
      'If it was you, sign in, or reset your password if you forgot it. If not, you can ignore this e-mail.',
    ],
    { label: 'Sign in', url },
  );
}
