import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokenClaim } from '@touchline/contracts/roles';
import { passwordGrant, startIdentity, type IdentityHarness } from '../../test/harness.ts';
import { identityAuditEvents, identityUsers } from '../db/schema.ts';
import { ensureUser } from '../demo.ts';
import { setPlatformAdmin } from './directory.ts';

describe('naming a platform administrator (the platform-admin CLI)', () => {
  let id: IdentityHarness;
  beforeAll(async () => {
    id = await startIdentity();
  });
  afterAll(() => id.close());

  const rolesInToken = async (email: string) => {
    const res = await id.app.inject(passwordGrant(email, 'a long password'));
    expect(res.statusCode).toBe(200);
    const claim = decodeJwt(res.json().access_token as string)[AccessTokenClaim.Role];
    return ([] as unknown[]).concat(claim ?? []);
  };

  it('grants the role to a confirmed account once, audited, and the next token carries it; revoking takes it away', async () => {
    const user = { email: 'ops@example.org', password: 'a long password', firstName: 'O', lastName: 'Ps' };
    const userId = await ensureUser(id.db, { ...user, roles: [] });
    expect(await rolesInToken(user.email)).not.toContain('TouchlineAdmin');

    expect(await setPlatformAdmin(id.db, { email: 'OPS@example.org', grant: true, by: 'test' })).toEqual({
      outcome: 'granted',
      userId,
    });
    expect(await rolesInToken(user.email)).toContain('TouchlineAdmin');
    expect((await setPlatformAdmin(id.db, { email: user.email, grant: true, by: 'test' })).outcome).toBe(
      'unchanged',
    );

    expect((await setPlatformAdmin(id.db, { email: user.email, grant: false, by: 'test' })).outcome).toBe(
      'revoked',
    );
    expect(await rolesInToken(user.email)).not.toContain('TouchlineAdmin');
    const trail = await id.db
      .select({ action: identityAuditEvents.action, data: identityAuditEvents.data })
      .from(identityAuditEvents)
      .where(eq(identityAuditEvents.userId, userId));
    expect(trail.map((e) => e.action).filter((a) => a.startsWith('user.platform_admin'))).toEqual([
      'user.platform_admin_granted',
      'user.platform_admin_revoked',
    ]);
  });

  it('refuses an unknown address and an unconfirmed account, changing nothing', async () => {
    expect(await setPlatformAdmin(id.db, { email: 'nobody@example.org', grant: true, by: 'test' })).toEqual({
      outcome: 'no_account',
    });
    const user = { email: 'new@example.org', password: 'a long password', firstName: 'N', lastName: 'Ew' };
    const userId = await ensureUser(id.db, { ...user, roles: [] });
    await id.db.update(identityUsers).set({ emailConfirmedAt: null }).where(eq(identityUsers.id, userId));
    expect((await setPlatformAdmin(id.db, { email: user.email, grant: true, by: 'test' })).outcome).toBe(
      'unconfirmed',
    );
  });
});
