import type { InviteMemberBody } from '@touchline/contracts/invitations';
import type { TestApp } from '../../../test/app.ts';
import { mailTo } from '../../../test/mail.ts';

/** The invitation token in an e-mail's link (`/signup?token=…`). */
export function tokenIn(mail: { text: string }): string {
  const match = /\/signup\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${mail.text}`);
  return match[1];
}

/** The newest invitation token e-mailed to an address. */
export async function latestToken(t: TestApp, email: string): Promise<string> {
  const mails = await mailTo(t, email);
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${email}`);
  return tokenIn(last);
}

let sequence = 0;

/** A fresh invitee for a level and label, with a unique address. */
export function invitee(hierarchyLevelId: string, labelId: string, extra: Partial<InviteMemberBody> = {}) {
  sequence += 1;
  return {
    email: `invitee${sequence}.${Date.now()}@example.org`,
    firstName: 'Sam',
    lastName: `Rivera${sequence}`,
    hierarchyLevelId,
    labelId,
    ...extra,
  };
}

/** The claims of an access token (tests read CurrentProfileId after a refresh). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}
