import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupPoliciesTexts } from '@touchline/contracts/messages';
import { lastLinkTo, passwordGrant, startIdentity, type IdentityHarness } from '../../test/harness.ts';
import { identityAuditEvents, identityUsers } from '../db/schema.ts';

const register = (payload: Record<string, unknown>) => ({
  method: 'POST' as const,
  url: '/api/app/app-users/register-account',
  payload,
});
const account = { password: 'a long password', firstName: 'Kim', lastName: 'Park' };

// Issue 18 item 13: sign-up records the acceptance of both policies, so a new account never meets the Updated
// Policies modal for policies it has just accepted.
describe('sign-up and the policies', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const userByEmail = async (email: string) =>
    id.db.select().from(identityUsers).where(eq(identityUsers.normalizedEmail, email));

  it('stores both acceptances with their time, and the first token carries both claims', async () => {
    const res = await id.app.inject(
      register({ ...account, email: 'kim@example.org', acceptedPolicies: true }),
    );
    expect(res.statusCode).toBe(200);
    const { token } = lastLinkTo(id.mail, 'kim@example.org');
    expect(
      (await id.app.inject({ ...register({}), url: '/api/app/app-users/confirm-email', payload: { token } }))
        .statusCode,
    ).toBe(204);
    const [stored] = await userByEmail('kim@example.org');
    expect(stored?.termsAcceptedAt).toBeInstanceOf(Date);
    expect(stored?.privacyAcceptedAt).toBeInstanceOf(Date);

    const first = await id.app.inject(passwordGrant('kim@example.org', account.password));
    expect(first.statusCode).toBe(200);
    const claims = decodeJwt(first.json().access_token);
    expect(claims['User/TermsAccepted']).toBe(stored?.termsAcceptedAt?.toISOString());
    expect(claims['User/PrivacyAccepted']).toBe(stored?.privacyAcceptedAt?.toISOString());
    const audit = await id.db
      .select({ action: identityAuditEvents.action })
      .from(identityAuditEvents)
      .where(eq(identityAuditEvents.userId, stored?.id ?? ''));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['register', 'policy.accepted.terms', 'policy.accepted.privacy']),
    );
  });

  it('refuses a sign-up that does not accept the policies with 400 on that field, and creates nothing', async () => {
    for (const acceptedPolicies of [undefined, false, 'on']) {
      const res = await id.app.inject(
        register({ ...account, email: 'unsure@example.org', acceptedPolicies }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.validationErrors).toEqual([
        { field: 'acceptedPolicies', in: 'body', message: signupPoliciesTexts.required },
      ]);
    }
    expect(await userByEmail('unsure@example.org')).toEqual([]);
    expect(id.mail.some((m) => m.to === 'unsure@example.org')).toBe(false);
  });
});
