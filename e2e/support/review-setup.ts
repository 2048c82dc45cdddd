import type { APIRequestContext, Page } from '@playwright/test';
import { webClientId, webClientScope } from '@touchline/contracts/accounts';
import { pathOf } from './invitations.ts';

type OutboxMail = { to: string; subject: string; text: string };

/** One member prepared through the API, with the document requirement they uploaded. */
export type PreparedMember = { email: string; name: string; definitionId: string; plaId: string };

const password = 'a-long-enough-password';
const pdf = {
  name: 'scan.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
};

async function outbox(request: APIRequestContext): Promise<OutboxMail[]> {
  return ((await (await request.get('/api/dev/outbox')).json()) as { items: OutboxMail[] }).items;
}

/** Waits until every address has a mail matching the pattern and returns the newest per address. */
async function mailsTo(request: APIRequestContext, to: readonly string[], matching: RegExp) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const items = await outbox(request);
    const found = new Map<string, OutboxMail>();
    for (const m of items)
      if (to.includes(m.to) && matching.test(m.text) && !found.has(m.to)) found.set(m.to, m);
    if (found.size === to.length) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`mails matching ${matching} did not all arrive`);
}

const tokenOf = (text: string, pattern: RegExp) =>
  new URL(`http://x${pathOf(text, pattern)}`).searchParams.get('token') ?? '';

async function signIn(request: APIRequestContext, email: string): Promise<string> {
  const form = {
    grant_type: 'password',
    client_id: webClientId,
    scope: webClientScope,
    username: email,
    password,
  };
  const res = await request.post('/connect/token', { form });
  if (!res.ok()) throw new Error(`sign-in of ${email} failed: ${res.status()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Members who each uploaded the document requirement (so it awaits review), prepared through the real calls a
 * browser makes: the administrator imports them as coaches of the team (one CSV), each registers, confirms the
 * e-mailed address, accepts the invitation and uploads a PDF. For journeys that are about the reviewer's side.
 */
export async function membersWithPendingUploads(
  admin: Page,
  teamId: string,
  documentName: string,
  names: readonly string[],
): Promise<PreparedMember[]> {
  const request = admin.request;
  const { token } = (await (await request.get('/api/session')).json()) as { token: string };
  const stamp = Date.now();
  const people = names.map((name, i) => ({ name, email: `review-${stamp}-${i}@example.org` }));
  const csv = [
    'firstName,lastName,email,role',
    ...people.map((p) => `${p.name.split(' ')[0]},${p.name.split(' ')[1]},${p.email},Coach`),
  ].join('\n');
  const imported = await request.post(`/api/app/hierarchy-level/${teamId}/members-import`, {
    headers: { authorization: `Bearer ${token}` },
    data: { csv: `${csv}\n` },
  });
  if (!imported.ok()) throw new Error(`import failed: ${imported.status()} ${await imported.text()}`);
  const emails = people.map((p) => p.email);
  const invitations = await mailsTo(request, emails, /\/signup\?token=/);
  for (const [i, p] of people.entries()) {
    const [first, last] = p.name.split(' ');
    // Each member registers from an address of their own (TRUST_PROXY), as people do: the identity service limits
    // how many e-mails one address may cause an hour.
    const registered = await request.post('/api/app/app-users/register-account', {
      headers: { 'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      data: { email: p.email, password, firstName: first, lastName: last, acceptedPolicies: true },
    });
    if (!registered.ok())
      throw new Error(`register failed: ${registered.status()} ${await registered.text()}`);
  }
  const confirmations = await mailsTo(request, emails, /\/confirm-email\?token=/);
  const prepared: PreparedMember[] = [];
  for (const p of people) {
    const confirm = tokenOf(
      confirmations.get(p.email)?.text ?? '',
      /https?:\/\/\S+\/confirm-email\?token=[\w-]+/,
    );
    await request.post('/api/app/app-users/confirm-email', { data: { token: confirm } });
    const invitation = tokenOf(invitations.get(p.email)?.text ?? '', /https?:\/\/\S+\/signup\?token=[\w-]+/);
    // Sign-up accepted the policies, so no acceptance call is needed before the invitation.
    const accepted = await request.post('/api/app/invitation/accept', {
      headers: { authorization: `Bearer ${await signIn(request, p.email)}` },
      data: { token: invitation },
    });
    if (!accepted.ok()) throw new Error(`accept failed: ${accepted.status()} ${await accepted.text()}`);
    const auth = { authorization: `Bearer ${await signIn(request, p.email)}` };
    const mine = (await (
      await request.get('/api/app/requirement/my-requirements', { headers: auth })
    ).json()) as {
      items: { name: string; definitionId: string; profileLevelAccessId: string }[];
    };
    const doc = mine.items.find((r) => r.name === documentName);
    if (!doc) throw new Error(`${p.email} has no ${documentName}`);
    const uploaded = await request.post(
      `/api/app/requirement/${doc.definitionId}/complete-document?plaId=${doc.profileLevelAccessId}`,
      { headers: auth, multipart: { file: pdf } },
    );
    if (!uploaded.ok()) throw new Error(`upload failed: ${uploaded.status()} ${await uploaded.text()}`);
    prepared.push({ ...p, definitionId: doc.definitionId, plaId: doc.profileLevelAccessId });
  }
  return prepared;
}
