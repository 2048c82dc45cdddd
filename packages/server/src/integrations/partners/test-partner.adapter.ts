import type { PartnerPort, PartnerRegistration } from './port.ts';

/**
 * The Test partner (spec §1 provider type Test): Touchline's own partner for demos and trials, never a real league
 * system. Its "site" is a name the admin gives; it answers a small fixed roster (two programs, a player, a coach, a
 * registration not yet paid and one withdrawn; the player a child registered by a guardian) through the same port and cursor rules as LeagueApps, so a trial sees
 * the whole flow — connect, map, sync, invitations, prefill — without any partner account.
 */
export function testPartnerAdapter(settings: { siteId: string; appUrl: string }): PartnerPort {
  const roster = testRoster(settings.siteId);
  return {
    providerType: 'Test',
    returnUrl: `${settings.appUrl.replace(/\/$/, '')}/account/integrations`,
    async test() {
      return { connectedAs: `Test site “${settings.siteId}” (Touchline’s own test partner)` };
    },
    async exportRegistrations(cursor) {
      const after = roster.filter(
        (r) =>
          !cursor ||
          r.updatedAt > cursor.lastUpdated ||
          (r.updatedAt === cursor.lastUpdated && r.registrationId > cursor.lastId),
      );
      const page = after.slice(0, 2);
      const last = page.at(-1);
      return {
        registrations: page,
        next: last ? { lastUpdated: last.updatedAt, lastId: last.registrationId } : cursor,
      };
    },
    async close() {},
  };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 30) || 'site';

function testRoster(siteId: string): PartnerRegistration[] {
  const tag = slug(siteId);
  const person = (first: string, last: string, extra: Partial<PartnerRegistration['person']> = {}) => ({
    firstName: first,
    lastName: last,
    email: `${first.toLowerCase()}.${last.toLowerCase()}+${tag}@example.org`,
    dateOfBirth: null,
    phone: null,
    address: null,
    guardian: null,
    emergencyContact: null,
    ...extra,
  });
  const base = Date.UTC(2026, 0, 1);
  return [
    {
      registrationId: 'test-1',
      memberId: `test-member-1`,
      programId: 'test-u10',
      programName: 'Test U10 Soccer',
      role: 'PLAYER',
      withdrawn: false,
      ready: true,
      updatedAt: base + 1,
      // A child: no e-mail of her own, her guardian's given (the sync invites Jordan and places Ava under them).
      person: person('Ava', 'Tester', {
        email: '',
        dateOfBirth: '2016-04-02',
        address: { line1: '1 Test Way', city: 'Springfield', state: 'IL', postalCode: '62701' },
        guardian: { firstName: 'Jordan', lastName: 'Tester', email: `jordan.tester+${tag}@example.org` },
        emergencyContact: { name: 'Jordan Tester', phone: '+1 555 0100' },
      }),
    },
    {
      registrationId: 'test-2',
      memberId: 'test-member-2',
      programId: 'test-u10',
      programName: 'Test U10 Soccer',
      role: 'COACH',
      withdrawn: false,
      ready: true,
      updatedAt: base + 2,
      person: person('Sam', 'Coach', { phone: '+1 555 0101' }),
    },
    {
      registrationId: 'test-3',
      memberId: 'test-member-3',
      programId: 'test-u12',
      programName: 'Test U12 Soccer',
      role: 'PLAYER',
      withdrawn: false,
      ready: false,
      updatedAt: base + 3,
      person: person('Noor', 'Unpaid', { dateOfBirth: '2014-09-12' }),
    },
  ];
}
